import { groupsCalls, type UserGroup } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupsKey } from './group-keys';

/** A membership as the client keeps it: the group plus groupId and createdAt (docs/product.md, "Data"). */
export interface Membership extends UserGroup {
  groupId: string;
  createdAt: string;
}

export function userGroupsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'mine'] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(sharedMessage('failedToFetchGroups'), async () => {
        const groups = await callApi(groupsCalls.listMine, { signal });
        return groups.map(
          (group): Membership => ({ ...group, groupId: group.id, createdAt: group.created_at }),
        );
      }),
  });
}

export function useUserGroups() {
  const user = useCurrentUser();
  return useQuery(userGroupsQueryOptions(user.uid));
}
