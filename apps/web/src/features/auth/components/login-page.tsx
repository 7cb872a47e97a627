import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useLinkPreview } from '@/features/auth/api/link-preview';
import { isReturningVisitor, rememberReturningVisitor } from '@/features/auth/api/returning-visitor';
import { signInWithGooglePopup } from '@/features/auth/api/sign-in';
import { usePrepareSignIn } from '@/features/auth/hooks/use-prepare-sign-in';
import { useSignInAttempt } from '@/features/auth/hooks/use-sign-in-attempt';
import { useAuth } from '@/lib/auth';
import { isAuthEmulator } from '@/lib/firebase';
import { rememberPendingLink, sharedLinkOf } from '@/lib/pending-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmailSignInView, type SignInMode } from './email-sign-in-view';
import { EmulatorGoogleView } from './emulator-google-view';
import { LinkNotice } from './link-notice';
import { LoginIntro } from './login-intro';
import { PasswordResetView } from './password-reset-view';

type View = 'email' | 'emulator-google' | 'reset';

/**
 * /login: one card that shows one of three views. What the user typed is held here, so neither an
 * error nor switching between modes and views loses it. It is also what a signed-out visitor of a
 * shared link sees at the link's own address (app/guards.tsx): what the link leads to, and the
 * sign-up form first; signed up, the link's page shows in its place and finishes the join.
 */
export function LoginPage() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [link] = useState(() => sharedLinkOf(pathname));
  const preview = useLinkPreview(link);
  const { signedOutOnPurpose } = useAuth();
  // 'Welcome back' only for someone who has signed in here before (or just signed out).
  const [returning] = useState(() => signedOutOnPurpose || isReturningVisitor());
  // A newcomer with a link is most likely new here: creating an account comes first.
  const [mode, setMode] = useState<SignInMode>(link && !returning ? 'sign-up' : 'sign-in');
  const [view, setView] = useState<View>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [googleName, setGoogleName] = useState('');
  const [googleEmail, setGoogleEmail] = useState('');
  const attempt = useSignInAttempt();
  const headingId = useId();
  const formCard = useRef<HTMLElement>(null);
  usePrepareSignIn(formCard);
  useDocumentTitle(mode === 'sign-in' ? t`Sign in` : t`Create account`);
  // The link waits on the device through the sign-up and the email's verification, also in another
  // tab and across a reload (lib/pending-link.ts).
  useEffect(() => {
    if (link) rememberPendingLink(link);
  }, [link]);
  useEffect(() => {
    if (signedOutOnPurpose) rememberReturningVisitor();
  }, [signedOutOnPurpose]);

  const showView = (next: View) => {
    attempt.clearError();
    setView(next);
  };

  const onGoogle = () => {
    if (isAuthEmulator()) {
      if (!googleEmail) setGoogleEmail(email);
      showView('emulator-google');
      return;
    }
    attempt.run('google', signInWithGooglePopup);
  };

  const backToEmail = () => showView('email');

  return (
    <div className="grid items-center gap-10 py-2 lg:grid-cols-2 lg:gap-16">
      <LoginIntro />
      <section
        ref={formCard}
        aria-labelledby={headingId}
        className="mx-auto w-full max-w-md rounded-3xl border border-slate-200/80 bg-white p-6 shadow-card sm:p-8"
      >
        {link !== null && view !== 'reset' && <LinkNotice link={link} preview={preview} />}
        {view === 'email' ? (
          <EmailSignInView
            headingId={headingId}
            mode={mode}
            returning={returning}
            onSwitchMode={() => setMode((current) => (current === 'sign-in' ? 'sign-up' : 'sign-in'))}
            email={email}
            onEmailChange={setEmail}
            password={password}
            onPasswordChange={setPassword}
            attempt={attempt}
            onForgotPassword={() => showView('reset')}
            onGoogle={onGoogle}
          />
        ) : view === 'reset' ? (
          <PasswordResetView
            headingId={headingId}
            email={email}
            onEmailChange={setEmail}
            attempt={attempt}
            onBack={backToEmail}
          />
        ) : (
          <EmulatorGoogleView
            headingId={headingId}
            name={googleName}
            onNameChange={setGoogleName}
            email={googleEmail}
            onEmailChange={setGoogleEmail}
            attempt={attempt}
            onBack={backToEmail}
          />
        )}
      </section>
    </div>
  );
}
