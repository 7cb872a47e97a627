import { useQueries } from '@tanstack/react-query';
import { groupAchievementsQueryOptions } from '@/features/groups/api/group-achievements';
import { groupInvitesQueryOptions } from '@/features/groups/api/group-invites';
import { groupMembersQueryOptions } from '@/features/groups/api/group-members';
import { groupRequestsQueryOptions } from '@/features/groups/api/group-requests';
import type { Membership } from '@/features/groups/api/user-groups';
import { useCurrentUser } from '@/lib/auth';
import { onFirstTry } from '@/lib/first-answer';

/**
 * Whether an open group card's lists still wait for a first answer: the members with their
 * achievements, and for admins the pending and rejected requests and the invite links. A card
 * shows its details once every list has answered (or failed once), and /groups its cards once those
 * of the cards that start open have, so that no list arriving after another pushes the page down
 * (a layout shift on a phone, docs/performance.md).
 */
export function useGroupDetailsLoading(open: readonly Pick<Membership, 'id' | 'role'>[]): boolean {
  const { uid } = useCurrentUser();
  const lists = open.flatMap((group) => [
    groupMembersQueryOptions(uid, group.id),
    groupAchievementsQueryOptions(uid, group.id),
    ...(group.role === 'admin'
      ? [
          groupRequestsQueryOptions(uid, group.id, 'pending'),
          groupRequestsQueryOptions(uid, group.id, 'rejected'),
          groupInvitesQueryOptions(uid, group.id),
        ]
      : []),
  ]);
  return useQueries({ queries: lists, combine: (results) => results.some(onFirstTry) });
}
