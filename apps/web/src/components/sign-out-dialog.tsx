import { useWaitingCount } from '../lib/offline/use-outbox';
import { useSignOut } from '../lib/use-sign-out';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

/** Confirmation before signing out; then /login. */
export function SignOutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { signOutAndLeave, pending } = useSignOut();
  const { waiting } = useWaitingCount();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign out?"
      description="You will need to sign in again to log your pushups."
    >
      {waiting > 0 && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
          {waiting === 1 ? '1 entry on this device has' : `${waiting} entries on this device have`} not been
          sent yet. {waiting === 1 ? 'It is' : 'They are'} kept here and sent when you sign in on this device
          again.
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button loading={pending} onClick={() => void signOutAndLeave()}>
          Sign out
        </Button>
      </div>
    </Dialog>
  );
}
