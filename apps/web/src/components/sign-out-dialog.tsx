import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useWaitingCount } from '@/lib/offline/use-outbox';
import { useSignOut } from '@/lib/use-sign-out';
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
  const { t } = useLingui();
  const { signOutAndLeave, pending } = useSignOut();
  const { waiting } = useWaitingCount();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Sign out?`}
      description={t`You will need to sign in again to log your pushups.`}
    >
      {waiting > 0 && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
          <Plural
            value={waiting}
            one="# entry on this device has not been sent yet. It is kept here and sent when you sign in on this device again."
            other="# entries on this device have not been sent yet. They are kept here and sent when you sign in on this device again."
          />
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button loading={pending} onClick={() => void signOutAndLeave()}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
