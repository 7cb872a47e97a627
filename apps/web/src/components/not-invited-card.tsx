import { MESSAGES } from '@pushup/shared';
import { ShieldAlert } from 'lucide-react';
import { useAuth } from '../lib/auth';
import { useSignOut } from '../lib/use-sign-out';
import { GateCard } from './gate-card';
import { Button } from './ui/button';

/** Blocks the app for a signed-in user who is not on the platform's invite list. */
export function NotInvitedCard() {
  const { user } = useAuth();
  const { signOutAndLeave, pending } = useSignOut();

  return (
    <GateCard
      id="not-invited-title"
      icon={<ShieldAlert className="size-6" />}
      title="Access required"
      reason={MESSAGES.notInvited}
      email={user?.email}
    >
      <Button className="mt-6" variant="secondary" loading={pending} onClick={() => void signOutAndLeave()}>
        Sign out
      </Button>
    </GateCard>
  );
}
