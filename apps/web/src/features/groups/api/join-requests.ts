import { joinRequestsCalls } from '@pushup/shared';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupAction } from '@/features/groups/hooks/use-group-action';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';

function decideJoinRequest(requestId: string, accept: boolean): Promise<null> {
  return withFallbackMessage(
    accept ? sharedMessage('failedToApproveJoinRequest') : sharedMessage('failedToRejectJoinRequest'),
    () => callApi(joinRequestsCalls.decide, { params: { requestId }, body: { accept } }),
  );
}

function allowRejectedMember(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToAllowRejectedMember'), () =>
    callApi(joinRequestsCalls.allowRejected, { params: { id: groupId, uuid: userUuid } }),
  );
}

export interface Decision {
  requestId: string;
  username: string;
  accept: boolean;
}

/** POST /api/groups/requests/{requestId} {accept}: approve or reject a pending request. */
export function useDecideJoinRequest() {
  return useGroupAction({
    run: ({ requestId, accept }: Decision) => decideJoinRequest(requestId, accept),
    success: ({ username, accept }) =>
      accept ? GROUP_TEXTS.approved(username) : GROUP_TEXTS.rejected(username),
    fallback: sharedMessage('failedToApproveJoinRequest'),
  });
}

/** POST /api/groups/{id}/rejected-members/{uuid}/allow: lift a rejection. */
export function useAllowRejected(groupId: string) {
  return useGroupAction({
    run: (user: { uuid: string; username: string }) => allowRejectedMember(groupId, user.uuid),
    success: (user) => GROUP_TEXTS.allowed(user.username),
    fallback: sharedMessage('failedToAllowRejectedMember'),
  });
}
