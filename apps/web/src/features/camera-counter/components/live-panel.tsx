import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Check, Square, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import type { CounterPhase } from '@/features/camera-counter/hooks/use-camera-counter';
import type { FormHint, RepCounterState } from '@/features/camera-counter/rep-counter';
import { canSpeak } from '@/features/camera-counter/spoken-count';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/i18n/format';
import { SkeletonOverlay } from './skeleton-overlay';

/** Without movement for this long, the screen says counting ends soon… */
const IDLE_NOTICE_MS = 4000;

function useHintText() {
  const { t } = useLingui();
  return (hint: FormHint): string => {
    switch (hint) {
      case 'not-low-enough':
        return t`Go lower: bend your elbows to about a right angle.`;
      case 'hips-sagging':
        return t`Lift your hips a little: keep your body straight.`;
      case 'hips-piking':
        return t`Lower your hips a little: keep your body straight.`;
      case 'turn-side-on':
        return t`Turn side on to the camera.`;
      case 'get-into-plank':
        return t`Get into a plank: push-ups count from there.`;
    }
  };
}

function CheckLine({ done, children }: { done: boolean; children: string }) {
  const { t } = useLingui();
  return (
    <li className="flex items-center gap-2">
      {done ? (
        <Check className="size-5 shrink-0 text-green-400" aria-hidden="true" />
      ) : (
        <X className="size-5 shrink-0 text-amber-300" aria-hidden="true" />
      )}
      <span>
        <span className="sr-only">{done ? t`Done:` : t`Not yet:`} </span>
        {children}
      </span>
    </li>
  );
}

/**
 * The preview with the skeleton, what the counter sees (nobody, not yet whole, counting), the count
 * in digits readable from the floor, the form hints, and Stop.
 */
export function LivePanel({
  video,
  frameSize,
  phase,
  paused,
  state,
  lowLight,
  spoken,
  onSpokenChange,
  onStop,
}: {
  video: RefObject<HTMLVideoElement | null>;
  frameSize: { width: number; height: number };
  phase: CounterPhase;
  paused: boolean;
  state: RepCounterState | null;
  lowLight: boolean;
  spoken: boolean;
  onSpokenChange: (on: boolean) => void;
  onStop: () => void;
}) {
  const { t } = useLingui();
  const hintText = useHintText();
  const count = state?.count ?? 0;
  const live = phase === 'live';
  const status = state?.status ?? 'no-person';

  const banner = !live ? (
    phase === 'camera' ? (
      <p>{t`Starting the camera…`}</p>
    ) : (
      <p>{t`Loading the detection… The video stays on this device.`}</p>
    )
  ) : paused ? (
    <p>{t`Paused while the app is in the background.`}</p>
  ) : status === 'no-person' ? (
    <p>{t`Nobody in view. Move so the camera sees all of you.`}</p>
  ) : status === 'not-in-view' ? (
    <div>
      <p className="font-bold">{t`Counting starts once you are fully in view.`}</p>
      <ul className="mt-1 flex flex-col gap-1">
        <CheckLine done={state?.placement?.wholeBodyInView ?? false}>
          {t`Whole body in view: hands, shoulders, hips and feet`}
        </CheckLine>
        <CheckLine done={state?.placement?.sideOn ?? false}>{t`Side on to the camera`}</CheckLine>
      </ul>
    </div>
  ) : (
    <p className="flex items-center gap-2 font-bold">
      <Check className="size-5 shrink-0 text-green-400" aria-hidden="true" />
      {t`Body in view: counting`}
    </p>
  );

  const notes: string[] = [];
  if (live && !paused) {
    if ((state?.peopleInView ?? 0) > 1) notes.push(t`More than one person in view: counting the nearest.`);
    if (lowLight) notes.push(t`It is dark: more light helps the camera see you.`);
    for (const hint of state?.hints ?? []) notes.push(hintText(hint));
    if (status === 'counting' && count > 0 && (state?.idleMs ?? 0) >= IDLE_NOTICE_MS) {
      notes.push(t`No movement: counting stops in a moment.`);
    }
  }

  return (
    <div className="flex flex-1 flex-col gap-4 lg:flex-row lg:items-start lg:gap-8">
      {/* light-surface: the preview stays black with white writing in the dark theme too. */}
      <div className="light-surface relative aspect-[4/3] w-full shrink-0 overflow-hidden rounded-2xl bg-black lg:flex-1">
        {/* Mirrored like a mirror, as a front camera's preview is expected to be; the skeleton with it. */}
        <div className="absolute inset-0 -scale-x-100">
          <video
            ref={video}
            muted
            playsInline
            aria-label={t`Camera preview`}
            className="size-full object-contain"
          />
          {live && <SkeletonOverlay pose={state?.person ?? null} {...frameSize} />}
        </div>
        <div
          role="status"
          className="absolute inset-x-2 top-2 rounded-xl bg-slate-950/75 px-3 py-2 text-sm text-white sm:text-base"
        >
          {banner}
        </div>
      </div>

      <div className="flex flex-col items-center gap-3 lg:w-96">
        <p className="flex flex-col items-center" aria-live="polite" aria-atomic="true">
          <span className="text-[8rem] leading-none font-black text-slate-900 tabular-nums sm:text-[11rem]">
            {formatNumber(count)}
          </span>{' '}
          <span className="text-lg font-semibold text-slate-700">
            <Plural value={count} one="pushup" other="pushups" />
          </span>
        </p>
        <ul aria-live="polite" className="flex min-h-12 w-full flex-col gap-2">
          {notes.map((note) => (
            <li
              key={note}
              className="rounded-xl bg-amber-50 px-3 py-2 text-center text-base font-semibold text-amber-900"
            >
              {note}
            </li>
          ))}
        </ul>
        <Button
          variant="danger"
          className="h-16 w-full text-xl"
          onClick={onStop}
          // Stop is what the keyboard reaches first: Space or Enter stops, as does Escape.
          autoFocus
        >
          <Square className="size-5 fill-current" aria-hidden="true" />
          <Trans>Stop</Trans>
        </Button>
        {canSpeak() && (
          <label
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 text-base font-semibold text-slate-800',
            )}
          >
            <input
              type="checkbox"
              checked={spoken}
              onChange={(event) => onSpokenChange(event.target.checked)}
              className="size-6 accent-brand-700"
            />
            <Trans>Say each count aloud</Trans>
          </label>
        )}
      </div>
    </div>
  );
}
