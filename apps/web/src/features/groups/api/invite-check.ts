import { invitesCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

export function inviteCheckQueryOptions(uid: string, code: string) {
  return groupQueryOptions(uid, ['invite-check', code], sharedMessage('failedToCheckInviteLink'), (signal) =>
    callApi(invitesCalls.check, { params: { code }, signal }),
  );
}
