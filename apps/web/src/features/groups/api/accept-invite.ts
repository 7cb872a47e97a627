import { type InviteAccept, invitesCalls } from '@pushup/shared';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupAction } from '@/features/groups/hooks/use-group-action';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';

function acceptInvite(code: string): Promise<InviteAccept> {
  return withFallbackMessage(sharedMessage('failedToAcceptInvite'), () =>
    callApi(invitesCalls.accept, { params: { code } }),
  );
}

/** POST /api/groups/invites/{code}/accept. Already a member counts as success (docs/product.md, "States and transitions"). */
export function useAcceptInvite() {
  return useGroupAction({
    run: (code: string) => acceptInvite(code),
    success: (_code, result) =>
      result.alreadyMember ? sharedMessage('alreadyMember') : GROUP_TEXTS.joined(result.groupName),
    fallback: sharedMessage('failedToAcceptInvite'),
  });
}
