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

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign out?"
      description="You will need to sign in again to log your pushups."
    >
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
