import { joinRequestsCalls, MESSAGES } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { groupsKey } from './group-keys';

/** Admins: the group's pending or rejected requests. */
export function groupRequestsQueryOptions(uid: string, groupId: string, status: 'pending' | 'rejected') {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'requests', groupId, status] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchJoinRequests, () =>
        callApi(joinRequestsCalls.ofGroup, { params: { id: groupId }, query: { status }, signal }),
      ),
  });
}
