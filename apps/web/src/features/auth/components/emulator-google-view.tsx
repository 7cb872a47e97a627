import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { signInWithEmulatorGoogle } from '@/features/auth/api/sign-in';
import type { SignInAttempt } from '@/features/auth/hooks/use-sign-in-attempt';

/**
 * "Continue with Google" in local mode: the Auth Emulator has no Google window, so a name and an
 * email stand for a Google test account.
 */
export function EmulatorGoogleView({
  headingId,
  name,
  onNameChange,
  email,
  onEmailChange,
  attempt,
  onBack,
}: {
  headingId: string;
  name: string;
  onNameChange: (name: string) => void;
  email: string;
  onEmailChange: (email: string) => void;
  attempt: SignInAttempt;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const { error, pending } = attempt;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    attempt.run('google', () => signInWithEmulatorGoogle(name, email));
  };

  return (
    <>
      <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
        <Trans>Continue with Google</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          This instance runs in local mode without internet access, so the Google window cannot open. Enter a
          name and an email to sign in with a local Google test account.
        </Trans>
      </p>
      <form className="mt-6 space-y-4" onSubmit={onSubmit}>
        <Field
          id="google-name"
          label={t`Name`}
          autoComplete="name"
          required
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
        />
        <Field
          id="google-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
        <FormError message={error} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={pending === 'google'}
          disabled={pending !== null || name.trim() === '' || email.trim() === ''}
        >
          <Trans>Sign in with Google</Trans>
        </Button>
      </form>
      <Button variant="ghost" className="mt-3 w-full" onClick={onBack} disabled={pending !== null}>
        <Trans>Back to email and password</Trans>
      </Button>
    </>
  );
}
