import { localDb, type StoredSession } from './local-db';

/**
 * The newest ID token of each user with entries waiting, so that the service worker can send them
 * when the connection returns after the page was closed (Background Sync). Firebase keeps the
 * refresh token in this origin's IndexedDB already; this short-lived token grants less. Forgotten
 * at sign-out.
 */

/** When a Firebase ID token expires (ms), from its `exp` claim; 0 when unreadable. */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export async function rememberSession(uid: string, token: string): Promise<void> {
  const db = await localDb();
  await db.put('sessions', { uid, token, expiresAt: tokenExpiry(token) });
}

export async function forgetSession(uid: string): Promise<void> {
  const db = await localDb();
  await db.delete('sessions', uid);
}

/** The sessions whose token is still good for `marginMs`. */
export async function usableSessions(now: number, marginMs: number): Promise<StoredSession[]> {
  const db = await localDb();
  return (await db.getAll('sessions')).filter((session) => session.expiresAt > now + marginMs);
}
