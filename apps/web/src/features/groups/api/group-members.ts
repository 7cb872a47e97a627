import { membershipsCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

export function groupMembersQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['members', groupId], sharedMessage('failedToFetchGroupMembers'), (signal) =>
    callApi(membershipsCalls.list, { params: { id: groupId }, signal }),
  );
}
