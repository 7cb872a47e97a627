import { Trans } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { sendPasswordReset } from '@/features/auth/api/sign-in';
import type { SignInAttempt } from '@/features/auth/hooks/use-sign-in-attempt';
import { AUTH_ERROR_MESSAGES } from '@/lib/auth-errors';
import { EmailField } from './email-field';

/**
 * "Forgot password?": asks for the reset mail, then names the address it was asked for. It says the
 * same whether or not the address has an account (api/sign-in-provider.ts).
 */
export function PasswordResetView({
  headingId,
  email,
  onEmailChange,
  attempt,
  onBack,
}: {
  headingId: string;
  email: string;
  onEmailChange: (email: string) => void;
  attempt: SignInAttempt;
  onBack: () => void;
}) {
  // Set by a submit with an empty field: the field then says what it needs, until filled.
  const [showMissing, setShowMissing] = useState(false);
  // The address a reset mail was asked for (the confirmation names it), or null before.
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const { error, pending } = attempt;

  const emailMissing = showMissing && email.trim() === '' ? AUTH_ERROR_MESSAGES['auth/missing-email'] : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // An empty field is said at the field; the identity service is not asked.
    if (address === '') {
      attempt.clearError();
      setShowMissing(true);
      emailInput.current?.focus();
      return;
    }
    attempt.run('email', async () => {
      await sendPasswordReset(address);
      setResetSentTo(address);
    });
  };

  return (
    <>
      <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
        <Trans>Reset your password</Trans>
      </h1>
      {resetSentTo === null ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <Trans>
              Enter the email address of your account and we will send you a link to choose a new password.
            </Trans>
          </p>
          <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
            <EmailField
              id="reset-email"
              inputRef={emailInput}
              value={email}
              onChange={onEmailChange}
              error={emailMissing}
            />
            <FormError message={error} />
            <Button
              type="submit"
              size="lg"
              className="w-full"
              loading={pending === 'email'}
              disabled={pending !== null}
            >
              <Trans>Send reset link</Trans>
            </Button>
          </form>
        </>
      ) : (
        <div
          role="status"
          className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
        >
          <p className="font-semibold">
            <Trans>Check your inbox</Trans>
          </p>
          <p className="mt-1 break-words">
            <Trans>
              If an account exists for {resetSentTo}, we have sent it a link to reset the password. It can
              take a few minutes; look in the spam folder too.
            </Trans>
          </p>
        </div>
      )}
      <Button variant="ghost" className="mt-3 w-full" onClick={onBack} disabled={pending !== null}>
        <Trans>Back to sign in</Trans>
      </Button>
    </>
  );
}
