import { MESSAGES } from '@pushup/shared';
import { ShieldAlert } from 'lucide-react';
import { useAuth } from '../lib/auth';
import { useSignOut } from '../lib/use-sign-out';
import { Button } from './ui/button';

/** Blocks the app for a signed-in user who is not on the platform's invite list. */
export function NotInvitedCard() {
  const { user } = useAuth();
  const { signOutAndLeave, pending } = useSignOut();

  return (
    <section
      aria-labelledby="not-invited-title"
      className="mx-auto max-w-lg rounded-2xl border border-amber-200 bg-white p-6 text-center shadow-card sm:p-8"
    >
      <span
        className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800"
        aria-hidden="true"
      >
        <ShieldAlert className="size-6" />
      </span>
      <h2 id="not-invited-title" className="text-xl font-bold text-slate-900">
        Access required
      </h2>
      <p role="alert" className="mt-3 font-medium text-slate-800">
        {MESSAGES.notInvited}
      </p>
      {user?.email && (
        <p className="mt-3 text-sm text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">{user.email}</span>
        </p>
      )}
      <Button className="mt-6" variant="secondary" loading={pending} onClick={() => void signOutAndLeave()}>
        Sign out
      </Button>
    </section>
  );
}
