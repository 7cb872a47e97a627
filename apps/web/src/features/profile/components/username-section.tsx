import { Trans, useLingui } from '@lingui/react/macro';
import { type UserProfile, validateUsername } from '@pushup/shared';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { useUpdateUsername } from '@/features/profile/api/update-username';
import { isApiError } from '@/lib/api-client';
import { localizeMessage, sharedMessage } from '@/lib/i18n/catalog';

/** Username with inline edit (Edit, Save, Cancel) and the read-only email. */
/** A shared validation result in the active language. */
function usernameProblem(value: string): string | null {
  const problem = validateUsername(value);
  return problem ? localizeMessage(problem) : null;
}

export function UsernameSection({ profile }: { profile: UserProfile }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(profile.username);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useUpdateUsername();
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    setValue(profile.username);
    setError(null);
    setServerError(null);
    setEditing(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const problem = usernameProblem(value);
    setError(problem);
    if (problem) return;
    if (value.trim() === profile.username) {
      setEditing(false);
      return;
    }
    mutation.mutate(value, {
      onSuccess: () => {
        toast.success(sharedMessage('usernameUpdated'));
        setEditing(false);
      },
      onError: (caught) => {
        const message = caught.message || sharedMessage('failedToUpdateUsername');
        // 'Username is already taken' is said at the field it is about.
        if (isApiError(caught) && caught.code === 'USERNAME_TAKEN') setError(message);
        else setServerError(message);
        toast.error(message);
      },
    });
  };

  return (
    <div className="space-y-5">
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <Field
            ref={inputRef}
            id="profile-username"
            label={t`Username`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.target.value);
              setError(usernameProblem(event.target.value));
              setServerError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <FormError message={serverError} />
          <div className="flex gap-2">
            <Button type="submit" loading={mutation.isPending}>
              <Trans>Save</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={mutation.isPending}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <dl>
            <dt className="text-sm font-semibold text-slate-600">
              <Trans>Username</Trans>
            </dt>
            <dd className="mt-0.5 text-lg font-bold break-all text-slate-900">{profile.username}</dd>
          </dl>
          <Button ref={editButtonRef} variant="secondary" size="sm" onClick={startEditing}>
            <Pencil className="size-4" aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
        </div>
      )}
      <dl>
        <dt className="text-sm font-semibold text-slate-600">
          <Trans>Email</Trans>
        </dt>
        <dd className="mt-0.5 break-all text-slate-900">{profile.email}</dd>
      </dl>
    </div>
  );
}
