import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { VerifyEmailCard } from '@/components/verify-email-card';
import { UsernameModal } from '@/features/profile/components/username-modal';
import { isApiError } from '@/lib/api-client';
import { sharedLinkOf } from '@/lib/pending-link';
import { hasSetUsername, useProfile } from '@/lib/profile';

/**
 * Around the pages a shared link opens (an invite, a group's share page), signed in: what a
 * newcomer still has to do comes to the link's page instead of sending them to the dashboard and
 * back. An unverified address verifies here; a missing username is chosen in the dialog over the
 * page, and the page then goes on (an invite joins by itself, features/groups/components/invite-page).
 */
export function SharedLinkGate() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const { data: profile, error } = useProfile();
  const unverified = isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED';
  const notInvited = isApiError(error) && error.code === 'NOT_INVITED';
  const notRegistered = isApiError(error) && error.status === 404;
  // As on the dashboard: the dialog stays open until the profile has a username, also while a
  // profile that answered 404 is asked again (the error clears meanwhile).
  const needsUsername = notRegistered || (profile !== undefined && !hasSetUsername(profile));
  const [askUsername, setAskUsername] = useState(needsUsername);
  if (needsUsername && !askUsername) setAskUsername(true);
  if (askUsername && profile !== undefined && hasSetUsername(profile)) setAskUsername(false);
  // Signed up or in on the link's own address, the address does not change: the page starts at its
  // top instead of where the form was scrolled to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  if (unverified || notInvited) {
    const invite = sharedLinkOf(pathname)?.kind === 'invite';
    return (
      <>
        <PageHeader
          title={invite ? t`Group Invite` : t`Join a Group`}
          lead={
            unverified
              ? invite
                ? t`Verify your email address, and you join the group right after.`
                : t`Verify your email address, and the group is shown right after.`
              : undefined
          }
        />
        {unverified ? <VerifyEmailCard /> : <NotInvitedCard />}
      </>
    );
  }

  return (
    <>
      <Outlet />
      <UsernameModal open={askUsername} />
    </>
  );
}
