import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

// The encoder loads when a code is first opened, not with the groups pages (their size budgets).
const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

/**
 * A link as a QR code, large enough to scan across a table: for people in the same room, who open
 * it with their phone's camera instead of being sent the link. Closed, the keyboard is back on
 * the button that opened it (components/ui/dialog.tsx).
 */
export function QrCodeDialog({
  open,
  onOpenChange,
  link,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: string;
  title: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t`Point a phone's camera at the code to open the link.`}
    >
      <div className="mx-auto aspect-square w-full max-w-72 rounded-xl border border-slate-200 bg-[#ffffff] p-1">
        <Suspense
          fallback={
            <div className="flex size-full items-center justify-center text-sm text-[#475569]">
              <Trans>Drawing the code...</Trans>
            </div>
          }
        >
          <QrCode value={link} label={t`QR code of ${link}`} />
        </Suspense>
      </div>
      <p className="mt-3 text-center font-mono text-xs break-all text-slate-600">{link}</p>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
