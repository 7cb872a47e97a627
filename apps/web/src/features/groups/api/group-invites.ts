import { invitesCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

export function groupInvitesQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['invites', groupId], sharedMessage('failedToFetchInviteLinks'), (signal) =>
    callApi(invitesCalls.list, { params: { id: groupId }, signal }),
  );
}
