import { MESSAGES } from '@pushup/shared';
import { sendEmailVerification } from 'firebase/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useCurrentUser } from '../lib/auth';
import { useSignOut } from '../lib/use-sign-out';
import { WEB_MESSAGES } from '../lib/web-messages';
import { Button } from './ui/button';

/**
 * Blocks the app for an invited email/password user whose address is not verified yet (production
 * mode): the invite counts once the link in the mail is opened. They can have the mail sent again,
 * and continue without signing in again once they have opened it.
 */
export function VerifyEmailCard({ onVerified }: { onVerified: () => Promise<unknown> }) {
  const user = useCurrentUser();
  const { signOutAndLeave, pending: signingOut } = useSignOut();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await sendEmailVerification(user);
      toast.success(`${WEB_MESSAGES.verificationSent} ${user.email ?? ''}`.trim());
    } catch {
      toast.error(WEB_MESSAGES.verificationNotSent);
    } finally {
      setSending(false);
    }
  };

  const continueVerified = async () => {
    setChecking(true);
    try {
      // A fresh token carries the new email_verified claim; the server reads it from there.
      await user.reload();
      if (!user.emailVerified) {
        toast.error(WEB_MESSAGES.emailStillUnverified);
        return;
      }
      await user.getIdToken(true);
      await onVerified();
    } catch {
      toast.error(WEB_MESSAGES.requestFailed);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section
      aria-labelledby="verify-email-title"
      className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-white p-6 text-center shadow-card sm:p-8"
    >
      <span
        className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800"
        aria-hidden="true"
      >
        <MailCheck className="size-6" />
      </span>
      <h2 id="verify-email-title" className="text-xl font-bold text-slate-900">
        Verify your email
      </h2>
      <p role="alert" className="mt-3 font-medium text-slate-800">
        {MESSAGES.serverEmailNotVerified}
      </p>
      {user.email && (
        <p className="mt-3 text-sm text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">{user.email}</span>
        </p>
      )}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
        <Button loading={checking} onClick={() => void continueVerified()}>
          I have verified my email
        </Button>
        <Button variant="secondary" loading={sending} onClick={() => void resend()}>
          Resend verification email
        </Button>
        <Button variant="ghost" loading={signingOut} onClick={() => void signOutAndLeave()}>
          Sign out
        </Button>
      </div>
    </section>
  );
}
