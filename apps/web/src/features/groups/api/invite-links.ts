import { type CreateInviteBody, MESSAGES } from '@pushup/shared';
import { GROUP_TEXTS } from '../groups-texts';
import { useGroupAction } from '../hooks/use-group-action';
import { createInvite, revokeInvite } from './groups-api';

/** POST /api/groups/{id}/invites {maxUses, expiresInDays}. */
export function useCreateInvite(groupId: string) {
  return useGroupAction({
    run: (body: CreateInviteBody) => createInvite(groupId, body),
    success: () => GROUP_TEXTS.inviteCreated,
    fallback: MESSAGES.failedToCreateInviteLink,
  });
}

/** DELETE /api/groups/{id}/invites/{inviteId}. */
export function useRevokeInvite(groupId: string) {
  return useGroupAction({
    run: (inviteId: string) => revokeInvite(groupId, inviteId),
    success: () => GROUP_TEXTS.inviteRevoked,
    fallback: MESSAGES.failedToRevokeInviteLink,
  });
}
