import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { inviteCodeFrom, useInvitingGroup } from '@/features/auth/api/invite-preview';
import { signInWithGooglePopup } from '@/features/auth/api/sign-in';
import { usePrepareSignIn } from '@/features/auth/hooks/use-prepare-sign-in';
import { useSignInAttempt } from '@/features/auth/hooks/use-sign-in-attempt';
import { isAuthEmulator } from '@/lib/firebase';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmailSignInView, type SignInMode } from './email-sign-in-view';
import { EmulatorGoogleView } from './emulator-google-view';
import { InviteNotice } from './invite-notice';
import { LoginIntro } from './login-intro';
import { PasswordResetView } from './password-reset-view';

type View = 'email' | 'emulator-google' | 'reset';

/**
 * /login: one card that shows one of three views. What the user typed is held here, so neither an
 * error nor switching between modes and views loses it.
 */
export function LoginPage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<SignInMode>('sign-in');
  const [view, setView] = useState<View>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [googleName, setGoogleName] = useState('');
  const [googleEmail, setGoogleEmail] = useState('');
  const attempt = useSignInAttempt();
  const headingId = useId();
  const formCard = useRef<HTMLElement>(null);
  usePrepareSignIn(formCard);
  // A signed-out visitor sent here from an invite link: the page names the group that invited them.
  const inviteCode = inviteCodeFrom(useLocation().state);
  const invitingGroup = useInvitingGroup(inviteCode);
  useDocumentTitle(mode === 'sign-in' ? t`Sign in` : t`Create account`);

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
        {inviteCode !== null && view !== 'reset' && <InviteNotice invitingGroup={invitingGroup} />}
        {view === 'email' ? (
          <EmailSignInView
            headingId={headingId}
            mode={mode}
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
