import { Trans, useLingui } from '@lingui/react/macro';
import { Camera } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

// The screen's code loads when it is opened, and the pose model only once the camera runs.
const CameraCounterScreen = lazy(() =>
  import('./camera-counter-screen').then((module) => ({ default: module.CameraCounterScreen })),
);

/**
 * 'Count with camera' beside a counter: opens the camera counter, whose 'Use N' hands the count to
 * `onUse` (the counter shows it; the person still confirms it there).
 */
export function CameraCounterButton({
  onUse,
  compact = false,
}: {
  onUse: (count: number) => void;
  /** 'Camera' beside the dashboard's quick adds, where a phone's first screen has no room for more. */
  compact?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // The screen unmounts rather than closes, so the keyboard is given back here.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        className={compact ? 'min-h-11 px-3' : 'min-h-11'}
        // The short label is part of the full name, so a voice command by what is seen still works.
        aria-label={compact ? t`Count with camera` : undefined}
        onClick={() => setOpen(true)}
      >
        <Camera className="size-4 text-brand-700" aria-hidden="true" />
        {compact ? <Trans>Camera</Trans> : <Trans>Count with camera</Trans>}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraCounterScreen onUse={onUse} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
