import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { GoogleIcon } from '@/components/google-icon';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { INSTANCE } from '@/config/instance';
import { signInWithEmail, signUpWithEmail } from '@/features/auth/api/sign-in';
import type { SignInAttempt } from '@/features/auth/hooks/use-sign-in-attempt';
import { AUTH_ERROR_MESSAGES } from '@/lib/auth-errors';
import { EmailField } from './email-field';

export type SignInMode = 'sign-in' | 'sign-up';

/** The first view of /login: email and password, to sign in or to create an account, or Google. */
export function EmailSignInView({
  headingId,
  mode,
  returning,
  onSwitchMode,
  email,
  onEmailChange,
  password,
  onPasswordChange,
  attempt,
  onForgotPassword,
  onGoogle,
}: {
  headingId: string;
  mode: SignInMode;
  /** Someone has signed in on this device before: greeted with 'Welcome back'. */
  returning: boolean;
  onSwitchMode: () => void;
  email: string;
  onEmailChange: (email: string) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  attempt: SignInAttempt;
  onForgotPassword: () => void;
  onGoogle: () => void;
}) {
  const { t } = useLingui();
  // Set by a submit with empty fields: each empty field then says what it needs, until filled.
  const [showMissing, setShowMissing] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { error, pending } = attempt;

  const emailMissing = showMissing && email.trim() === '' ? AUTH_ERROR_MESSAGES['auth/missing-email'] : null;
  const passwordMissing =
    showMissing && password === '' ? AUTH_ERROR_MESSAGES['auth/missing-password'] : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Empty fields are said at the fields (the identity service is not asked); the first takes the keyboard.
    if (email.trim() === '' || password === '') {
      attempt.clearError();
      setShowMissing(true);
      (email.trim() === '' ? emailInput : passwordInput).current?.focus();
      return;
    }
    attempt.run('email', () =>
      mode === 'sign-in' ? signInWithEmail(email, password) : signUpWithEmail(email, password),
    );
  };

  const switchMode = () => {
    attempt.clearError();
    setShowMissing(false);
    onSwitchMode();
  };

  const appName = INSTANCE.appName;
  return (
    <>
      <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
        {mode === 'sign-up' ? t`Create your account` : returning ? t`Welcome back` : t`Sign in to ${appName}`}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {mode === 'sign-in'
          ? t`Sign in to log your pushups and follow your progress.`
          : t`Sign up with your email address and a password.`}
      </p>
      {/* Near the top, so that a phone shows the other way in without scrolling. */}
      <p className="mt-3 text-sm text-slate-700">
        {mode === 'sign-in' ? t`New to ${appName}?` : t`Already have an account?`}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="inline-flex min-h-6 items-center rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {mode === 'sign-in' ? t`Create an account` : t`Sign in instead`}
        </button>
      </p>

      <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <EmailField
          id="login-email"
          inputRef={emailInput}
          value={email}
          onChange={onEmailChange}
          error={emailMissing}
        />
        <Field
          id="login-password"
          label={t`Password`}
          type="password"
          autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
          required
          ref={passwordInput}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          error={passwordMissing}
          hint={mode === 'sign-up' ? t`At least 6 characters.` : undefined}
        />
        {mode === 'sign-in' && (
          <p className="-mt-2 text-right text-sm">
            <button
              type="button"
              onClick={onForgotPassword}
              className="inline-flex min-h-11 items-center rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              <Trans>Forgot password?</Trans>
            </button>
          </p>
        )}
        <FormError message={error} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={pending === 'email'}
          disabled={pending !== null}
        >
          {mode === 'sign-in' ? t`Sign in` : t`Create account`}
        </Button>
      </form>

      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>

      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={onGoogle}
        loading={pending === 'google'}
        disabled={pending !== null}
      >
        {pending !== 'google' && <GoogleIcon className="size-5" />}
        <Trans>Continue with Google</Trans>
      </Button>
    </>
  );
}
