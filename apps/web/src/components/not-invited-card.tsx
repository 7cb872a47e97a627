import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { useSignOut } from '@/lib/use-sign-out';
import { GateCard } from './gate-card';
import { Button } from './ui/button';

/** Blocks the app for a signed-in user who is not on the platform's invite list. */
export function NotInvitedCard() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { signOutAndLeave, pending } = useSignOut();

  return (
    <GateCard
      id="not-invited-title"
      icon={<ShieldAlert className="size-6" />}
      title={t`Access required`}
      reason={sharedMessage('notInvited')}
      email={user?.email}
    >
      <Button className="mt-6" variant="secondary" loading={pending} onClick={() => void signOutAndLeave()}>
        <Trans>Sign out</Trans>
      </Button>
    </GateCard>
  );
}
