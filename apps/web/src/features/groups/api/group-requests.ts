import { joinRequestsCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

/** Admins: the group's pending or rejected requests. */
export function groupRequestsQueryOptions(uid: string, groupId: string, status: 'pending' | 'rejected') {
  return groupQueryOptions(
    uid,
    ['requests', groupId, status],
    sharedMessage('failedToFetchJoinRequests'),
    (signal) => callApi(joinRequestsCalls.ofGroup, { params: { id: groupId }, query: { status }, signal }),
  );
}
