import { MESSAGES, type UserProfile, validateUsername } from '@pushup/shared';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Field, FormError } from '../../../components/ui/field';
import { useUpdateUsername } from '../api/update-username';

/** Username with inline edit (Edit, Save, Cancel) and the read-only email. */
export function UsernameSection({ profile }: { profile: UserProfile }) {
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
    const problem = validateUsername(value);
    setError(problem);
    if (problem) return;
    if (value.trim() === profile.username) {
      setEditing(false);
      return;
    }
    mutation.mutate(value, {
      onSuccess: () => {
        toast.success(MESSAGES.usernameUpdated);
        setEditing(false);
      },
      onError: (caught) => {
        const message = caught.message || MESSAGES.failedToUpdateUsername;
        setServerError(message);
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
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.target.value);
              setError(validateUsername(event.target.value));
              setServerError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <FormError message={serverError} />
          <div className="flex gap-2">
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <dl>
            <dt className="text-sm font-semibold text-slate-600">Username</dt>
            <dd className="mt-0.5 text-lg font-bold break-all text-slate-900">{profile.username}</dd>
          </dl>
          <Button ref={editButtonRef} variant="secondary" size="sm" onClick={startEditing}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
        </div>
      )}
      <dl>
        <dt className="text-sm font-semibold text-slate-600">Email</dt>
        <dd className="mt-0.5 break-all text-slate-900">{profile.email}</dd>
      </dl>
    </div>
  );
}
