import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { pushupsLabel } from '../log-history-format';

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={discard ? 'Discard this entry?' : 'Delete this entry?'}
      description={
        <>
          The entry of <strong className="font-semibold text-slate-900">{pushupsLabel(count)}</strong> at{' '}
          <strong className="font-semibold text-slate-900">{time}</strong>{' '}
          {discard
            ? 'was not saved and will be removed from this device.'
            : 'will be removed from your log and your totals.'}{' '}
          This cannot be undone.
        </>
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {discard ? 'Discard' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
