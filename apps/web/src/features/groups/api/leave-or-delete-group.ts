import { groupsCalls, membershipsCalls } from '@pushup/shared';
import { useQueryClient } from '@tanstack/react-query';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupAction } from '@/features/groups/hooks/use-group-action';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { type Membership, userGroupsQueryOptions } from './user-groups';

export function leaveGroup(groupId: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToLeaveGroup'), () =>
    callApi(membershipsCalls.leave, { params: { id: groupId } }),
  );
}

function deleteGroup(groupId: string): Promise<null> {
  return callApi(groupsCalls.remove, { params: { id: groupId } });
}

interface GroupTarget {
  id: string;
  name: string;
}

/**
 * The group leaves the cached list at once, before the refresh: its card (and the member, request
 * and invite queries under it) goes away instead of refetching calls the user may no longer make.
 */
function useDropGroup() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return (groupId: string) =>
    queryClient.setQueryData<Membership[]>(userGroupsQueryOptions(user.uid).queryKey, (groups) =>
      groups?.filter((group) => group.id !== groupId),
    );
}

/** DELETE /api/groups/{id}/members: leave (a last admin hands over; a last member deletes the group). */
export function useLeaveGroup() {
  const drop = useDropGroup();
  return useGroupAction({
    run: (group: GroupTarget) => leaveGroup(group.id),
    success: (group) => GROUP_TEXTS.left(group.name),
    fallback: sharedMessage('failedToLeaveGroup'),
    onSuccess: (group) => drop(group.id),
  });
}

/** DELETE /api/groups/{id} (admins; docs/product.md, "Calls"). */
export function useDeleteGroup() {
  const drop = useDropGroup();
  return useGroupAction({
    run: (group: GroupTarget) =>
      withFallbackMessage(GROUP_TEXTS.failedToDeleteGroup, () => deleteGroup(group.id)),
    success: (group) => GROUP_TEXTS.deleted(group.name),
    fallback: GROUP_TEXTS.failedToDeleteGroup,
    onSuccess: (group) => drop(group.id),
  });
}
