import { useEffect, useState } from 'react';
import type { SharedLink } from '@/lib/pending-link';

/** What a shared link leads to, as a signed-out visitor may see it. */
export interface LinkPreview {
  groupName: string;
  /** A group's share page only: its description ('' when it has none). */
  description: string;
}

/**
 * What a shared link leads to, from the public previews (docs/security.md): an invite link's group
 * name (GET /api/groups/invites/:code/preview, usable links only), or a group's name and description
 * (GET /api/groups/public/:id/preview). Plain fetch: the sign-in form carries neither the API client
 * nor the contracts. Undefined while loading, null for a dead or unknown link (the page then says only
 * that something waits).
 */
export function useLinkPreview(link: SharedLink | null): LinkPreview | null | undefined {
  const [preview, setPreview] = useState<LinkPreview | null | undefined>(link ? undefined : null);
  const kind = link?.kind;
  const key = link ? (link.kind === 'invite' ? link.code : link.id) : null;
  useEffect(() => {
    setPreview(key === null ? null : undefined);
    if (key === null) return;
    const path =
      kind === 'invite'
        ? `/api/groups/invites/${encodeURIComponent(key)}/preview`
        : `/api/groups/public/${encodeURIComponent(key)}/preview`;
    const controller = new AbortController();
    fetch(path, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) {
          setPreview(null);
          return;
        }
        const body = (await response.json()) as {
          groupName?: unknown;
          name?: unknown;
          description?: unknown;
        };
        const groupName = typeof body.groupName === 'string' ? body.groupName : body.name;
        setPreview(
          typeof groupName === 'string'
            ? { groupName, description: typeof body.description === 'string' ? body.description : '' }
            : null,
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setPreview(null);
      });
    return () => controller.abort();
  }, [kind, key]);
  return preview;
}
