import { Trans } from '@lingui/react/macro';
import { UserRoundPen } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/profile';

/** True while the signed-in user has no profile yet (the profile call returns 404). */
export function useNeedsUsername(): boolean {
  const profile = useProfile();
  return isApiError(profile.error) && profile.error.status === 404;
}

/**
 * In place of a link page's action while a new user chooses their username in the dialog over the
 * page (app/pages/shared-link-gate.tsx): the page goes on by itself once it is chosen.
 */
export function ChoosingUsername({ then }: { then: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-left">
      <p className="flex items-start gap-2 font-semibold text-amber-950">
        <UserRoundPen className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <Trans>Choose a username first</Trans>
      </p>
      <p className="mt-1 pl-7 text-sm text-amber-950">{then}</p>
    </div>
  );
}
