import { MESSAGES } from '@pushup/shared';
import { sendEmailVerification } from 'firebase/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useCurrentUser } from '../lib/auth';
import { useSignOut } from '../lib/use-sign-out';
import { WEB_MESSAGES } from '../lib/web-messages';
import { GateCard } from './gate-card';
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
    <GateCard
      id="verify-email-title"
      icon={<MailCheck className="size-6" />}
      title="Verify your email"
      reason={MESSAGES.serverEmailNotVerified}
      email={user.email}
    >
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
    </GateCard>
  );
}
