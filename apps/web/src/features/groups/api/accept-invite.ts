import { MESSAGES } from '@pushup/shared';
import { GROUP_TEXTS } from '../groups-texts';
import { useGroupAction } from '../hooks/use-group-action';
import { acceptInvite } from './groups-api';

/** POST /api/groups/invites/{code}/accept. Already a member counts as success (docs/product.md, "States and transitions"). */
export function useAcceptInvite() {
  return useGroupAction({
    run: (code: string) => acceptInvite(code),
    success: (_code, result) =>
      result.alreadyMember ? MESSAGES.alreadyMember : GROUP_TEXTS.joined(result.groupName),
    fallback: MESSAGES.failedToAcceptInvite,
  });
}
