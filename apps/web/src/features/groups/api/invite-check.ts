import { invitesCalls, MESSAGES } from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { groupQueryOptions } from './group-keys';

export function inviteCheckQueryOptions(uid: string, code: string) {
  return groupQueryOptions(uid, ['invite-check', code], MESSAGES.failedToCheckInviteLink, (signal) =>
    callApi(invitesCalls.check, { params: { code }, signal }),
  );
}
