import { t } from '@lingui/core/macro';
import { ADMIN_INVITE_BATCH_MAX, type AdminInviteResult, adminUsersCalls } from '@pushup/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { adminQuery, useRefreshAdmin } from './admin-query';

export function useAdminInvites() {
  const user = useCurrentUser();
  return useQuery(
    adminQuery(user.uid, ['invites'], t`Could not load the invites.`, (signal) =>
      callApi(adminUsersCalls.listInvites, { signal }),
    ),
  );
}

/** The pasted text's addresses: split at line breaks, commas, semicolons and spaces, blanks dropped. */
export function pastedLines(text: string): string[] {
  return text.split(/[\s,;]+/).filter((line) => line !== '');
}

/**
 * POST /api/admin/invites, in batches of the most one call takes: a list of 500 is three calls,
 * their answers joined. A batch that fails stops the rest; what was added before stays added.
 */
async function inviteAll(lines: readonly string[]): Promise<AdminInviteResult> {
  const result: AdminInviteResult = { added: [], alreadyInvited: [], refused: [] };
  for (let start = 0; start < lines.length; start += ADMIN_INVITE_BATCH_MAX) {
    const emails = lines.slice(start, start + ADMIN_INVITE_BATCH_MAX);
    const answer = await withFallbackMessage(t`Could not invite these addresses.`, () =>
      callApi(adminUsersCalls.invite, { body: { emails } }),
    );
    result.added.push(...answer.added);
    result.alreadyInvited.push(...answer.alreadyInvited);
    result.refused.push(...answer.refused);
  }
  return result;
}

export function useInviteMany() {
  const refresh = useRefreshAdmin();
  return useMutation({ mutationFn: inviteAll, onSettled: refresh });
}

export function useUninvite() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (email: string) =>
      withFallbackMessage(t`Could not remove the invite.`, () =>
        callApi(adminUsersCalls.uninvite, { params: { email } }),
      ),
    onSettled: refresh,
  });
}
