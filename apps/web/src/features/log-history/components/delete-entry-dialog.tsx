import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { pushupsLabel } from '@/features/log-history/log-history-format';

/** Asks before an entry is deleted (or a refused one discarded), naming its count and time. */
export function DeleteEntryDialog({
  open,
  onOpenChange,
  time,
  count,
  discard = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  time: string;
  count: number;
  /** A refused entry that never reached the log: it is discarded from this device. */
  discard?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const pushups = pushupsLabel(count);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={discard ? t`Discard this entry?` : t`Delete this entry?`}
      description={
        discard ? (
          <Trans>
            The entry of <strong className="font-semibold text-slate-900">{pushups}</strong> at{' '}
            <strong className="font-semibold text-slate-900">{time}</strong> was not saved and will be removed
            from this device. This cannot be undone.
          </Trans>
        ) : (
          <Trans>
            The entry of <strong className="font-semibold text-slate-900">{pushups}</strong> at{' '}
            <strong className="font-semibold text-slate-900">{time}</strong> will be removed from your log and
            your totals. This cannot be undone.
          </Trans>
        )
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {discard ? <Trans>Discard</Trans> : <Trans>Delete</Trans>}
        </Button>
      </div>
    </Dialog>
  );
}
