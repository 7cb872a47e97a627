import { MESSAGES, membershipsCalls } from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { groupQueryOptions } from './group-keys';

export function groupMembersQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['members', groupId], MESSAGES.failedToFetchGroupMembers, (signal) =>
    callApi(membershipsCalls.list, { params: { id: groupId }, signal }),
  );
}
