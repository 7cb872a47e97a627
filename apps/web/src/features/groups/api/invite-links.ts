import { type CreateInviteBody, type Invite, invitesCalls, MESSAGES } from '@pushup/shared';
import { ApiError, callApi, withFallbackMessage } from '../../../lib/api-client';
import { GROUP_TEXTS } from '../groups-texts';
import { useGroupAction } from '../hooks/use-group-action';

/** docs/product.md, "Validation": an invite needs a signed-in user and an answer whose createdBy.uuid is a string. */
export async function createInvite(groupId: string, body: CreateInviteBody): Promise<Invite> {
  const invite = await withFallbackMessage(MESSAGES.failedToCreateInviteLink, () =>
    callApi(invitesCalls.create, { params: { id: groupId }, body }),
  );
  if (typeof invite?.createdBy?.uuid !== 'string') {
    throw new ApiError(500, 'INTERNAL', MESSAGES.failedToCreateInviteLink);
  }
  return invite;
}

export function revokeInvite(groupId: string, inviteId: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToRevokeInviteLink, () =>
    callApi(invitesCalls.revoke, { params: { id: groupId, inviteId } }),
  );
}

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
