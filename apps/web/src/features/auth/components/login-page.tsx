import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dumbbell, LineChart, MailOpen, Trophy, Users } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { GoogleIcon } from '@/components/google-icon';
import { PushupFigure } from '@/components/loading-animation';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { inviteCodeFrom, useInvitingGroup } from '@/features/auth/api/invite-preview';
import {
  prepareSignIn,
  sendPasswordReset,
  signInWithEmail,
  signInWithEmulatorGoogle,
  signInWithGooglePopup,
  signUpWithEmail,
} from '@/features/auth/api/sign-in';
import { AUTH_ERROR_MESSAGES, authErrorMessage } from '@/lib/auth-errors';
import { isAuthEmulator } from '@/lib/firebase';
import { useDocumentTitle } from '@/lib/use-document-title';

type Mode = 'sign-in' | 'sign-up';
type View = 'email' | 'emulator-google' | 'reset';

const FEATURES = [
  { icon: Dumbbell, text: msg`Log your pushups every day in seconds` },
  { icon: LineChart, text: msg`Follow your progress towards a personal goal` },
  { icon: Trophy, text: msg`Climb the leaderboard` },
  { icon: Users, text: msg`Train together in groups` },
];

/**
 * /login. What the user typed stays in this component's state, so neither an error nor switching
 * between modes and views loses it.
 */
export function LoginPage() {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [view, setView] = useState<View>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [googleName, setGoogleName] = useState('');
  const [googleEmail, setGoogleEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Set by a submit with empty fields: each empty field then says what it needs, until filled.
  const [showMissing, setShowMissing] = useState(false);
  // The address a reset mail was asked for (the confirmation names it), or null before.
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const resetEmailInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<'email' | 'google' | null>(null);
  const headingId = useId();
  // A signed-out visitor sent here from an invite link: the page names the group that invited them.
  const location = useLocation();
  const inviteCode = inviteCodeFrom(location.state);
  const invitingGroup = useInvitingGroup(inviteCode);
  const formCard = useRef<HTMLElement>(null);
  useDocumentTitle(mode === 'sign-in' ? t`Sign in` : t`Create account`);

  // The sign-in code (Firebase Auth, about 28 KB) is not part of the page: it loads at the visitor's
  // first move towards signing in (a pointer over the card, a tap or a key anywhere, the focus in a
  // field), so that it is there when they submit, and a visitor who only looks loads none (issue 19).
  useEffect(() => {
    const card = formCard.current;
    if (!card) return;
    const listeners: [EventTarget, string][] = [
      [card, 'pointerover'],
      [document, 'pointerdown'],
      [document, 'keydown'],
      [document, 'focusin'],
    ];
    const stop = () => {
      for (const [target, name] of listeners) target.removeEventListener(name, prepare);
    };
    const prepare = () => {
      stop();
      prepareSignIn();
    };
    for (const [target, name] of listeners) target.addEventListener(name, prepare, { passive: true });
    if (card.contains(document.activeElement)) prepare();
    return stop;
  }, []);

  const run = async (kind: 'email' | 'google', action: () => Promise<void>) => {
    setError(null);
    setPending(kind);
    try {
      await action();
      // The route guard moves a signed-in user on.
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setPending(null);
    }
  };

  const emailMissing = showMissing && email.trim() === '' ? AUTH_ERROR_MESSAGES['auth/missing-email'] : null;
  const passwordMissing =
    showMissing && view === 'email' && password === '' ? AUTH_ERROR_MESSAGES['auth/missing-password'] : null;

  /** An empty field is said at the fields (the identity service is not asked); the first takes the keyboard. */
  const sayMissing = (first: RefObject<HTMLInputElement | null>) => {
    setError(null);
    setShowMissing(true);
    first.current?.focus();
  };

  const onEmailSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Empty fields are said at the fields; the identity service is not asked.
    if (email.trim() === '' || password === '') {
      sayMissing(email.trim() === '' ? emailInput : passwordInput);
      return;
    }
    void run('email', () =>
      mode === 'sign-in' ? signInWithEmail(email, password) : signUpWithEmail(email, password),
    );
  };

  const onGoogle = () => {
    if (isAuthEmulator()) {
      if (!googleEmail) setGoogleEmail(email);
      showView('emulator-google');
      return;
    }
    void run('google', signInWithGooglePopup);
  };

  const onEmulatorGoogleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run('google', () => signInWithEmulatorGoogle(googleName, googleEmail));
  };

  const onResetSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      sayMissing(resetEmailInput);
      return;
    }
    const address = email.trim();
    void run('email', async () => {
      await sendPasswordReset(address);
      setResetSentTo(address);
    });
  };

  const showView = (next: View) => {
    setError(null);
    setShowMissing(false);
    setResetSentTo(null);
    setView(next);
  };

  const switchMode = () => {
    setError(null);
    setShowMissing(false);
    setMode((current) => (current === 'sign-in' ? 'sign-up' : 'sign-in'));
  };

  return (
    <div className="grid items-center gap-10 py-2 lg:grid-cols-2 lg:gap-16">
      <div className="hidden lg:block">
        <PushupFigure className="mb-6 h-24 w-48 text-brand-700" />
        <p className="text-4xl leading-tight font-extrabold tracking-tight text-slate-900">
          <Trans>
            Every rep counts. <span className="text-brand-700">Make them visible.</span>
          </Trans>
        </p>
        <ul className="mt-8 space-y-4">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text.id} className="flex items-center gap-3 text-lg text-slate-700">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {i18n._(text)}
            </li>
          ))}
        </ul>
      </div>

      <section
        ref={formCard}
        aria-labelledby={headingId}
        className="mx-auto w-full max-w-md rounded-3xl border border-slate-200/80 bg-white p-6 shadow-card sm:p-8"
      >
        {inviteCode !== null && view !== 'reset' && (
          <div className="mb-6 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
            <MailOpen className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            {invitingGroup !== null ? (
              <p className="min-w-0">
                <Trans>
                  You are invited to join{' '}
                  <strong className="break-words text-slate-900">{invitingGroup}</strong>. Sign in or create
                  an account to accept.
                </Trans>
              </p>
            ) : (
              <p className="min-w-0">
                <Trans>A group invite is waiting for you. Sign in or create an account to see it.</Trans>
              </p>
            )}
          </div>
        )}
        {view === 'email' ? (
          <>
            <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
              {mode === 'sign-in' ? t`Welcome back` : t`Create your account`}
            </h1>
            <p className="mt-1 text-sm text-slate-700">
              {mode === 'sign-in'
                ? t`Sign in to log your pushups and follow your progress.`
                : t`Sign up with your email address and a password.`}
            </p>

            <form className="mt-6 space-y-4" onSubmit={onEmailSubmit} noValidate>
              <EmailField
                id="login-email"
                inputRef={emailInput}
                value={email}
                onChange={setEmail}
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
                onChange={(event) => setPassword(event.target.value)}
                error={passwordMissing}
                hint={mode === 'sign-up' ? t`At least 6 characters.` : undefined}
              />
              {mode === 'sign-in' && (
                <p className="-mt-2 text-right text-sm">
                  <button
                    type="button"
                    onClick={() => showView('reset')}
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

            <p className="mt-6 text-center text-sm text-slate-700">
              {mode === 'sign-in' ? t`New to Pushup Tracker?` : t`Already have an account?`}{' '}
              <button
                type="button"
                onClick={switchMode}
                className="rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {mode === 'sign-in' ? t`Create an account` : t`Sign in instead`}
              </button>
            </p>
          </>
        ) : view === 'reset' ? (
          <>
            <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
              <Trans>Reset your password</Trans>
            </h1>
            {resetSentTo === null ? (
              <>
                <p className="mt-1 text-sm text-slate-700">
                  <Trans>
                    Enter the email address of your account and we will send you a link to choose a new
                    password.
                  </Trans>
                </p>
                <form className="mt-6 space-y-4" onSubmit={onResetSubmit} noValidate>
                  <EmailField
                    id="reset-email"
                    inputRef={resetEmailInput}
                    value={email}
                    onChange={setEmail}
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
                    If an account exists for {resetSentTo}, we have sent it a link to reset the password. It
                    can take a few minutes; look in the spam folder too.
                  </Trans>
                </p>
              </div>
            )}
            <Button
              variant="ghost"
              className="mt-3 w-full"
              onClick={() => showView('email')}
              disabled={pending !== null}
            >
              <Trans>Back to sign in</Trans>
            </Button>
          </>
        ) : (
          <>
            <h1 id={headingId} className="text-2xl font-extrabold tracking-tight text-slate-900">
              <Trans>Continue with Google</Trans>
            </h1>
            <p className="mt-1 text-sm text-slate-700">
              <Trans>
                This instance runs in local mode without internet access, so the Google window cannot open.
                Enter a name and an email to sign in with a local Google test account.
              </Trans>
            </p>
            <form className="mt-6 space-y-4" onSubmit={onEmulatorGoogleSubmit}>
              <Field
                id="google-name"
                label={t`Name`}
                autoComplete="name"
                required
                value={googleName}
                onChange={(event) => setGoogleName(event.target.value)}
              />
              <Field
                id="google-email"
                label={t`Email`}
                type="email"
                autoComplete="email"
                required
                value={googleEmail}
                onChange={(event) => setGoogleEmail(event.target.value)}
              />
              <FormError message={error} />
              <Button
                type="submit"
                size="lg"
                className="w-full"
                loading={pending === 'google'}
                disabled={pending !== null || googleName.trim() === '' || googleEmail.trim() === ''}
              >
                <Trans>Sign in with Google</Trans>
              </Button>
            </form>
            <Button
              variant="ghost"
              className="mt-3 w-full"
              onClick={() => showView('email')}
              disabled={pending !== null}
            >
              <Trans>Back to email and password</Trans>
            </Button>
          </>
        )}
      </section>
    </div>
  );
}

/** The email field of the sign-in and the reset forms. */
function EmailField({
  id,
  inputRef,
  value,
  onChange,
  error,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
}) {
  const { t } = useLingui();
  return (
    <Field
      id={id}
      label={t`Email`}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
