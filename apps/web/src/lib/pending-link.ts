/**
 * The shared link (an invite or a group's share page) a signed-out visitor opened, kept on the
 * device while they sign up, verify their address (often in another tab, from their mail app) and
 * choose a username, so that the link's page finishes what they came for without them opening the
 * link again. One link at a time, the latest; forgotten once used, and after a week.
 */

export type SharedLink = { kind: 'invite'; code: string } | { kind: 'group'; id: string };

const KEY = 'pushup-pending-link';
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The shared link a path opens (`/invite/:code`, `/groups/:id/join`), or null. */
export function sharedLinkOf(pathname: string): SharedLink | null {
  const invite = /^\/invite\/([^/?#]+)\/?$/.exec(pathname);
  if (invite?.[1]) return { kind: 'invite', code: safeDecode(invite[1]) };
  const group = /^\/groups\/([^/?#]+)\/join\/?$/.exec(pathname);
  if (group?.[1]) return { kind: 'group', id: safeDecode(group[1]) };
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The page of a shared link. */
export function sharedLinkPath(link: SharedLink): string {
  return link.kind === 'invite'
    ? `/invite/${encodeURIComponent(link.code)}`
    : `/groups/${encodeURIComponent(link.id)}/join`;
}

function sameLink(a: SharedLink, b: SharedLink): boolean {
  return a.kind === 'invite' ? b.kind === 'invite' && a.code === b.code : b.kind === 'group' && a.id === b.id;
}

export function rememberPendingLink(link: SharedLink): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...link, savedAt: Date.now() }));
  } catch {
    // Storage full or refused: the link's page still works, the person opens it again.
  }
}

/** The link waiting to be finished on this device, or null (none, unreadable, or older than a week). */
export function pendingLink(now = Date.now()): SharedLink | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { kind?: unknown; code?: unknown; id?: unknown; savedAt?: unknown };
    if (typeof value.savedAt !== 'number' || now - value.savedAt > KEEP_MS || value.savedAt > now + 60_000) {
      storage()?.removeItem(KEY);
      return null;
    }
    if (value.kind === 'invite' && typeof value.code === 'string' && value.code) {
      return { kind: 'invite', code: value.code };
    }
    if (value.kind === 'group' && typeof value.id === 'string' && value.id) {
      return { kind: 'group', id: value.id };
    }
    return null;
  } catch {
    return null;
  }
}

/** True when this link is the one waiting on this device. */
export function isPendingLink(link: SharedLink): boolean {
  const pending = pendingLink();
  return pending !== null && sameLink(pending, link);
}

/** Forgets the waiting link once it is used (or cannot be): only this one, not a newer one. */
export function forgetPendingLink(link: SharedLink): void {
  if (isPendingLink(link)) {
    try {
      storage()?.removeItem(KEY);
    } catch {
      // Nothing to do: it expires after a week.
    }
  }
}
