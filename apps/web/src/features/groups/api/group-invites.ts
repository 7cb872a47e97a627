import { invitesCalls, MESSAGES } from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { groupQueryOptions } from './group-keys';

export function groupInvitesQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['invites', groupId], MESSAGES.failedToFetchInviteLinks, (signal) =>
    callApi(invitesCalls.list, { params: { id: groupId }, signal }),
  );
}
