import { UserRoundPen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/profile';

/** True while the signed-in user has no profile yet (the profile call returns 404). */
export function useNeedsUsername(): boolean {
  const profile = useProfile();
  return isApiError(profile.error) && profile.error.status === 404;
}

/**
 * A new user who followed a link before choosing a username: joining needs a profile, so this
 * sends them to the dashboard first (where the username dialog is) and says to come back.
 */
export function UsernameRequired({ what }: { what: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-left">
      <p className="flex items-start gap-2 font-semibold text-amber-950">
        <UserRoundPen className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        Choose a username first
      </p>
      <p className="mt-1 text-sm text-amber-950">
        You need a username before you can {what}. Choose one on the dashboard, then open this link again.
      </p>
      <Link to="/" className={buttonClasses('primary', 'sm', 'mt-3')}>
        Choose a username
      </Link>
    </div>
  );
}
