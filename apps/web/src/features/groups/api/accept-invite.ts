import { type InviteAccept, invitesCalls, MESSAGES } from '@pushup/shared';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { GROUP_TEXTS } from '../groups-texts';
import { useGroupAction } from '../hooks/use-group-action';

export function acceptInvite(code: string): Promise<InviteAccept> {
  return withFallbackMessage(MESSAGES.failedToAcceptInvite, () =>
    callApi(invitesCalls.accept, { params: { code } }),
  );
}

/** POST /api/groups/invites/{code}/accept. Already a member counts as success (docs/product.md, "States and transitions"). */
export function useAcceptInvite() {
  return useGroupAction({
    run: (code: string) => acceptInvite(code),
    success: (_code, result) =>
      result.alreadyMember ? MESSAGES.alreadyMember : GROUP_TEXTS.joined(result.groupName),
    fallback: MESSAGES.failedToAcceptInvite,
  });
}
