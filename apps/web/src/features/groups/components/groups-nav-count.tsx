import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userGroupsQueryOptions } from '@/features/groups/api/user-groups';
import { useCurrentUser } from '@/lib/auth';
import { setNavCount } from '@/lib/nav-counts';
import { hasSetUsername, useProfile } from '@/lib/profile';

/**
 * Puts the join requests waiting for the user (as admin, over all their groups) beside 'Group
 * Management' in the navigation. Renders nothing; it reads the groups list the pages share, once
 * the user has a username (before it, the server has no groups for them), and asks again each
 * minute while the page is visible, so a request sent meanwhile shows up.
 */
export function GroupsNavCount() {
  const profile = useProfile();
  return hasSetUsername(profile.data) ? <WaitingRequestsCount /> : null;
}

function WaitingRequestsCount() {
  const user = useCurrentUser();
  // It mounts after the page (a lazily loaded part): taking the groups the page has just read, not
  // asking again then, keeps a list on screen from changing under the user's pointer.
  const groups = useQuery({
    ...userGroupsQueryOptions(user.uid),
    refetchOnMount: false,
    refetchInterval: 60_000,
  });
  const waiting = groups.data?.reduce((sum, group) => sum + group.pendingRequests, 0) ?? 0;
  useEffect(() => {
    setNavCount('/groups', waiting);
    return () => setNavCount('/groups', 0);
  }, [waiting]);
  return null;
}
