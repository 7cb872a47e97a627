import { MESSAGES, membershipsCalls } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { groupsKey } from './group-keys';

export function groupMembersQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'members', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupMembers, () =>
        callApi(membershipsCalls.list, { params: { id: groupId }, signal }),
      ),
  });
}
