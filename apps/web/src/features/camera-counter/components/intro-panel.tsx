import { Trans } from '@lingui/react/macro';
import { Camera, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PlacementGuide } from './placement-guide';

/** Why the camera is asked for, that the video stays on the device, and where to put the phone. */
export function IntroPanel({ onStart, onCancel }: { onStart: () => void; onCancel: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <p className="text-lg text-slate-800">
        <Trans>The camera sees your pushups and counts them for you while you train.</Trans>
      </p>
      <p className="flex gap-3 rounded-xl bg-brand-50 p-3 text-base text-slate-800">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <Trans>
            The video never leaves your device: it is looked at here, on the phone, and is neither stored nor
            sent.
          </Trans>
        </span>
      </p>
      <section aria-labelledby="camera-placement-title" className="flex flex-col gap-3">
        <h2 id="camera-placement-title" className="text-lg font-bold text-slate-900">
          <Trans>Where to put the phone</Trans>
        </h2>
        <PlacementGuide />
      </section>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="h-14 text-lg sm:flex-1" onClick={onStart} autoFocus>
          <Camera className="size-5" aria-hidden="true" />
          <Trans>Start the camera</Trans>
        </Button>
        <Button size="lg" variant="secondary" className="h-14 text-lg sm:w-48" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
