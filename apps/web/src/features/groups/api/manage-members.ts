import { membershipsCalls } from '@pushup/shared';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupAction } from '@/features/groups/hooks/use-group-action';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';

function addGroupAdmin(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToAddGroupAdmin'), () =>
    callApi(membershipsCalls.addAdmin, { params: { id: groupId }, body: { userId: userUuid } }),
  );
}

function removeGroupAdmin(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToRemoveGroupAdmin'), () =>
    callApi(membershipsCalls.removeAdmin, { params: { id: groupId, userId: userUuid } }),
  );
}

function removeGroupMember(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToRemoveGroupMember'), () =>
    callApi(membershipsCalls.remove, { params: { id: groupId, userId: userUuid } }),
  );
}

/** A member an admin acts on: the uuid for the call, the username for the toast. */
export interface MemberTarget {
  uuid: string;
  username: string;
}

/** POST /api/groups/{id}/admins {userId}: make a member an admin. */
export function usePromoteMember(groupId: string) {
  return useGroupAction({
    run: (member: MemberTarget) => addGroupAdmin(groupId, member.uuid),
    success: (member) => GROUP_TEXTS.promoted(member.username),
    fallback: sharedMessage('failedToAddGroupAdmin'),
  });
}

/** DELETE /api/groups/{id}/admins/{userId}: make an admin a member again. */
export function useDemoteMember(groupId: string) {
  return useGroupAction({
    run: (member: MemberTarget) => removeGroupAdmin(groupId, member.uuid),
    success: (member) => GROUP_TEXTS.demoted(member.username),
    fallback: sharedMessage('failedToRemoveGroupAdmin'),
  });
}

/** DELETE /api/groups/{id}/members/{userId}: remove a member. */
export function useRemoveMember(groupId: string) {
  return useGroupAction({
    run: (member: MemberTarget) => removeGroupMember(groupId, member.uuid),
    success: (member) => GROUP_TEXTS.removed(member.username),
    fallback: sharedMessage('failedToRemoveGroupMember'),
  });
}
