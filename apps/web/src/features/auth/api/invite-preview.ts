import { useEffect, useState } from 'react';

/**
 * The invite code of the page a signed-out visitor was sent to /login from (`/invite/:code`,
 * app/guards.tsx keeps it in the location's state), or null.
 */
export function inviteCodeFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string') return null;
  const match = /^\/invite\/([^/?#]+)/.exec(from);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The name of the group a usable invite link leads to, from the one public call of invite links
 * (GET /api/groups/invites/:code/preview, docs/security.md). Plain fetch: /login carries neither the
 * API client nor the contracts. Null while loading, and for a dead or unknown link (the page then
 * says only that an invite waits).
 */
export function useInvitingGroup(code: string | null): string | null {
  const [groupName, setGroupName] = useState<string | null>(null);
  useEffect(() => {
    setGroupName(null);
    if (!code) return;
    const controller = new AbortController();
    fetch(`/api/groups/invites/${encodeURIComponent(code)}/preview`, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        const body = (await response.json()) as { groupName?: unknown };
        if (typeof body.groupName === 'string') setGroupName(body.groupName);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [code]);
  return groupName;
}
