import { MESSAGES, validateDeleteConfirmation } from '@pushup/shared';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { useDeleteAccount } from '../api/delete-account';

/** Delete Account: the user types 'confirm' (any case), then everything is removed. */
export function DangerZone() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const onOpenChange = (next: boolean) => {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDeleteConfirmation(typed);
    setError(problem);
    if (problem) return;
    mutation.mutate(undefined, {
      onSuccess: async () => {
        try {
          await signOut();
        } catch {
          // The account is gone either way; the session ends with it.
        }
        toast.success(MESSAGES.accountDeleted);
        setOpen(false);
        navigate('/login', { replace: true });
      },
      onError: (caught) => {
        toast.error(MESSAGES.failedToDeleteAccount);
        setError(
          caught.message
            ? `${MESSAGES.failedToDeleteAccount}: ${caught.message}`
            : MESSAGES.failedToDeleteAccount,
        );
      },
    });
  };

  return (
    <SectionCard
      id="danger-zone"
      title="Danger Zone"
      tone="danger"
      icon={<AlertTriangle className="size-5" />}
      description="Deleting your account removes everything the app holds about you: profile, pushups, goal, achievements, reminders, group memberships and your invite. Download your data first to keep a copy. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Delete your account?"
        description="All your data on this instance is removed for good: profile, pushups, goal and group memberships."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            id="delete-confirmation"
            label="Type confirm to delete your account"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            error={error}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={mutation.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </SectionCard>
  );
}
