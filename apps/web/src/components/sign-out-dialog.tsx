import { MESSAGES } from '@pushup/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
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
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await signOut();
      onOpenChange(false);
      navigate('/login', { replace: true });
    } catch {
      toast.error(MESSAGES.failedToSignOut);
    } finally {
      setPending(false);
    }
  };

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
        <Button loading={pending} onClick={() => void confirm()}>
          Sign out
        </Button>
      </div>
    </Dialog>
  );
}
