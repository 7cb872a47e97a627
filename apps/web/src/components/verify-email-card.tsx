import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { sendEmailVerification } from 'firebase/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useCurrentUser } from '@/lib/auth';
import { loadAuth } from '@/lib/firebase';
import { sharedMessage } from '@/lib/i18n/catalog';
import { currentLocale } from '@/lib/i18n/format';
import { refetchAllAfterSessionChange } from '@/lib/refetch-after-write';
import { useSignOut } from '@/lib/use-sign-out';
import { GateCard } from './gate-card';
import { Button } from './ui/button';

/**
 * Blocks the app for an invited email/password user whose address is not verified yet (production
 * mode): the invite counts once the link in the mail is opened. They can have the mail sent again,
 * and continue without signing in again once they have opened it.
 */
export function VerifyEmailCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { signOutAndLeave, pending: signingOut } = useSignOut();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      // Firebase writes the mail in the app's language.
      (await loadAuth()).languageCode = currentLocale();
      await sendEmailVerification(user);
      const email = user.email ?? '';
      toast.success(email ? t`Verification email sent to ${email}` : t`Verification email sent`);
    } catch {
      toast.error(t`The verification email could not be sent. Please try again in a few minutes.`);
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
        toast.error(t`Your email is not verified yet. Open the link in the email we sent you first.`);
        return;
      }
      await user.getIdToken(true);
      // Every call was refused until now: each is asked again with the verified token.
      await refetchAllAfterSessionChange(queryClient);
    } catch {
      toast.error(t`Something went wrong. Please try again.`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <GateCard
      id="verify-email-title"
      icon={<MailCheck className="size-6" />}
      title={t`Verify your email`}
      reason={sharedMessage('serverEmailNotVerified')}
      email={user.email}
    >
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
        <Button loading={checking} onClick={() => void continueVerified()}>
          <Trans>I have verified my email</Trans>
        </Button>
        <Button variant="secondary" loading={sending} onClick={() => void resend()}>
          <Trans>Resend verification email</Trans>
        </Button>
        <Button variant="ghost" loading={signingOut} onClick={() => void signOutAndLeave()}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </GateCard>
  );
}
