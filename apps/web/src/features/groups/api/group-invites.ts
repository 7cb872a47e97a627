import { invitesCalls, MESSAGES } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { groupsKey } from './group-keys';

export function groupInvitesQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invites', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchInviteLinks, () =>
        callApi(invitesCalls.list, { params: { id: groupId }, signal }),
      ),
  });
}
