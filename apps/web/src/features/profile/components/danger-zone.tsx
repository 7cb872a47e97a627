import { Trans, useLingui } from '@lingui/react/macro';
import { validateDeleteConfirmation } from '@pushup/shared';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useDeleteAccount } from '@/features/profile/api/delete-account';
import { useAuth } from '@/lib/auth';
import { localizeMessage, sharedMessage } from '@/lib/i18n/catalog';

/** The word to type, set off like a key to press (monospace, on a tinted chip). */
const CONFIRM_WORD =
  'mx-0.5 rounded-md border border-red-300 bg-red-50 px-1.5 py-0.5 font-mono text-sm font-bold text-red-900';

/** Delete Account: the user types 'confirm' (any case), then everything is removed. */
export function DangerZone() {
  const { t } = useLingui();
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
    const invalid = validateDeleteConfirmation(typed);
    const problem = invalid ? localizeMessage(invalid) : null;
    setError(problem);
    if (problem) return;
    mutation.mutate(undefined, {
      onSuccess: async () => {
        try {
          await signOut();
        } catch {
          // The account is gone either way; the session ends with it.
        }
        toast.success(sharedMessage('accountDeleted'));
        setOpen(false);
        navigate('/login', { replace: true });
      },
      onError: (caught) => {
        const failed = sharedMessage('failedToDeleteAccount');
        toast.error(failed);
        setError(caught.message ? `${failed}: ${caught.message}` : failed);
      },
    });
  };

  return (
    <SectionCard
      id="danger-zone"
      title={t`Danger Zone`}
      tone="danger"
      icon={<AlertTriangle className="size-5" />}
      description={t`Deleting your account removes everything the app holds about you: profile, pushups, goal, achievements, reminders, group memberships and your invite. Download your data first to keep a copy. This cannot be undone.`}
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trans>Delete Account</Trans>
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t`Delete your account?`}
        description={t`All your data on this instance is removed for good: profile, pushups, goal and group memberships.`}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            id="delete-confirmation"
            // The word to type stands out; the label still reads "Type confirm to delete your account".
            label={
              <Trans>
                Type <kbd className={CONFIRM_WORD}>confirm</kbd> to delete your account
              </Trans>
            }
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
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" loading={mutation.isPending}>
              <Trans>Delete my account</Trans>
            </Button>
          </div>
        </form>
      </Dialog>
    </SectionCard>
  );
}
