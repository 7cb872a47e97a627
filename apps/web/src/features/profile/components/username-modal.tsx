import { Trans, useLingui } from '@lingui/react/macro';
import { validateUsername } from '@pushup/shared';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormError } from '@/components/ui/field';
import { useSetUsername } from '@/features/profile/api/set-username';
import { isApiError } from '@/lib/api-client';
import { localizeMessage, sharedMessage } from '@/lib/i18n/catalog';

/** Shown until the user has a username; it cannot be dismissed. */
export function UsernameModal({ open }: { open: boolean }) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  /** 'Username is already taken' belongs to the field it is about, not to the form. */
  const [takenError, setTakenError] = useState<string | null>(null);
  const mutation = useSetUsername();

  const invalid = touched ? validateUsername(username) : null;
  const validationError = invalid ? localizeMessage(invalid) : null;
  const disabled = username.length === 0 || !agreed || mutation.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    setTakenError(null);
    if (validateUsername(username) || !agreed) return;
    mutation.mutate(username, {
      onSuccess: () => toast.success(sharedMessage('usernameSet')),
      onError: (error) => {
        if (isApiError(error) && error.code === 'USERNAME_TAKEN') setTakenError(error.message);
        else setServerError(error.message || sharedMessage('failedToSetUsername'));
      },
    });
  };

  return (
    <Dialog
      open={open}
      dismissible={false}
      title={t`Welcome to Pushup Tracker!`}
      description={t`Choose a username to get started. It is shown on leaderboards and in groups, and you can change it later in your profile.`}
    >
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <Field
          id="choose-username"
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={validationError ?? takenError}
          hint={t`3 to 30 characters: letters, numbers, underscores and hyphens.`}
          onChange={(event) => {
            setUsername(event.target.value);
            setServerError(null);
            setTakenError(null);
            if (event.target.value.length > 0) setTouched(true);
          }}
        />
        <div className="flex items-start gap-3">
          <input
            id="accept-terms"
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor="accept-terms" className="text-sm text-slate-800">
            <Trans>
              I agree to the{' '}
              <a
                href="/terms"
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Terms of Service
              </a>{' '}
              and{' '}
              <a
                href="/privacy"
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Privacy Policy
              </a>
            </Trans>
          </label>
        </div>
        <FormError message={serverError} />
        <Button type="submit" className="w-full" size="lg" disabled={disabled} loading={mutation.isPending}>
          <Trans>Set Username</Trans>
        </Button>
      </form>
    </Dialog>
  );
}
