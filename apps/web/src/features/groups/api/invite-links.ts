import { type CreateInviteBody, type Invite, invitesCalls } from '@pushup/shared';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupAction } from '@/features/groups/hooks/use-group-action';
import { ApiError, callApi, withFallbackMessage } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';

/** docs/product.md, "Validation": an invite needs a signed-in user and a response whose createdBy.uuid is a string. */
async function createInvite(groupId: string, body: CreateInviteBody): Promise<Invite> {
  const invite = await withFallbackMessage(sharedMessage('failedToCreateInviteLink'), () =>
    callApi(invitesCalls.create, { params: { id: groupId }, body }),
  );
  if (typeof invite?.createdBy?.uuid !== 'string') {
    throw new ApiError(500, 'INTERNAL', sharedMessage('failedToCreateInviteLink'));
  }
  return invite;
}

function revokeInvite(groupId: string, inviteId: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToRevokeInviteLink'), () =>
    callApi(invitesCalls.revoke, { params: { id: groupId, inviteId } }),
  );
}

/**
 * POST /api/groups/{id}/invites {maxUses, expiresInDays}. `onCreated` gets the new link: its row is
 * highlighted and copies it at once, and that copy's toast says it was created.
 */
export function useCreateInvite(groupId: string, onCreated: (invite: Invite) => void) {
  return useGroupAction({
    run: (body: CreateInviteBody) => createInvite(groupId, body),
    success: () => null,
    fallback: sharedMessage('failedToCreateInviteLink'),
    onSuccess: (_body, invite) => onCreated(invite),
  });
}

/** DELETE /api/groups/{id}/invites/{inviteId}. */
export function useRevokeInvite(groupId: string) {
  return useGroupAction({
    run: (inviteId: string) => revokeInvite(groupId, inviteId),
    success: () => GROUP_TEXTS.inviteRevoked,
    fallback: sharedMessage('failedToRevokeInviteLink'),
  });
}
