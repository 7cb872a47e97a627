import { Trans, useLingui } from '@lingui/react/macro';
import { CameraOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CounterProblem } from '@/features/camera-counter/hooks/use-camera-counter';

/** Why counting with the camera is not possible now, and that the counter works as always. */
export function ProblemPanel({
  problem,
  onRetry,
  onClose,
}: {
  problem: CounterProblem;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const title = {
    refused: t`The camera is not allowed`,
    missing: t`No camera found`,
    busy: t`The camera cannot be used right now`,
    model: t`The detection could not be loaded`,
  }[problem];
  const reason = {
    refused: t`You did not allow this app to use the camera, so it cannot count for you. If you change your mind, allow the camera for this site in your browser's settings and try again.`,
    missing: t`This device has no camera the app can use.`,
    busy: t`Another app may be using it. Close that app and try again.`,
    model: t`Check your internet connection and try again. Once loaded, it also works offline.`,
  }[problem];
  return (
    <div role="alert" className="mx-auto flex w-full max-w-md flex-col items-center gap-4 text-center">
      <CameraOff className="size-14 text-slate-500" aria-hidden="true" />
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <p className="text-base text-slate-700">{reason}</p>
      <p className="text-base font-semibold text-slate-800">
        <Trans>You can count with the counter as always.</Trans>
      </p>
      <div className="flex w-full flex-col gap-3">
        <Button size="lg" className="h-14 text-lg" onClick={onClose} autoFocus>
          <Trans>Back to the counter</Trans>
        </Button>
        {problem !== 'missing' && (
          <Button size="lg" variant="secondary" className="h-14 text-lg" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
