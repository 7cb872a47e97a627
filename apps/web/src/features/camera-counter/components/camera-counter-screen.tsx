import { Trans, useLingui } from '@lingui/react/macro';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Camera, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useCameraCounter } from '@/features/camera-counter/hooks/use-camera-counter';
import { chooseSpokenCount, spokenCountChosen } from '@/features/camera-counter/spoken-count';
import { useWakeLock } from '@/lib/use-wake-lock';
import { IntroPanel } from './intro-panel';
import { LivePanel } from './live-panel';
import { ProblemPanel } from './problem-panel';
import { ResultPanel } from './result-panel';

/** Counting stops by itself after this long without movement, once something was counted. */
const AUTO_STOP_IDLE_MS = 8000;

/**
 * The camera counter (docs/product.md, "Counting with the camera"), over the whole screen: why the
 * camera is asked for, where to put the phone, then the live count, and at the end the result to put
 * into the counter or to discard. Nothing is logged here: the counter's own button does that.
 */
export function CameraCounterScreen({
  onUse,
  onClose,
}: {
  onUse: (count: number) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const { phase, problem, state, frameSize, lowLight, paused, start, stop } = useCameraCounter(video);
  const [spoken, setSpoken] = useState(spokenCountChosen);
  const running = phase === 'camera' || phase === 'model' || phase === 'live';
  useWakeLock(running);

  const count = state?.count ?? 0;
  const idle = state?.status === 'counting' && count > 0 && state.idleMs >= AUTO_STOP_IDLE_MS;
  useEffect(() => {
    if (phase === 'live' && idle) stop();
  }, [phase, idle, stop]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!running || event.key !== ' ') return;
    if (event.target instanceof HTMLInputElement) return; // Space ticks the spoken-count box
    event.preventDefault();
    stop();
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={(event) => {
            // Escape while counting stops and shows the result; after that it closes.
            if (!running) return;
            event.preventDefault();
            stop();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white focus:outline-none"
        >
          <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-2 sm:px-6">
            <Camera className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <RadixDialog.Title className="flex-1 text-lg font-bold text-slate-900 sm:text-xl">
              <Trans>Count with camera</Trans>
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t`Close`}
              className="flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
            >
              <X className="size-6" aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col p-4 sm:p-6">
            {phase === 'idle' && <IntroPanel onStart={() => void start()} onCancel={onClose} />}
            {running && (
              <LivePanel
                video={video}
                frameSize={frameSize}
                phase={phase}
                paused={paused}
                state={state}
                lowLight={lowLight}
                spoken={spoken}
                onSpokenChange={(on) => {
                  chooseSpokenCount(on);
                  setSpoken(on);
                }}
                onStop={stop}
              />
            )}
            {phase === 'ended' && (
              <ResultPanel
                count={count}
                notLowEnough={state?.notLowEnough ?? 0}
                onUse={() => {
                  onUse(count);
                  onClose();
                }}
                onAgain={() => void start()}
                onDiscard={onClose}
              />
            )}
            {phase === 'problem' && problem && (
              <ProblemPanel problem={problem} onRetry={() => void start()} onClose={onClose} />
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
