import { invitesCalls, MESSAGES } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { groupsKey } from './group-keys';

export function inviteCheckQueryOptions(uid: string, code: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invite-check', code] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToCheckInviteLink, () =>
        callApi(invitesCalls.check, { params: { code }, signal }),
      ),
  });
}
