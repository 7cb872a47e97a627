import { CACHE_TTL_MS } from '@pushup/shared';

/**
 * A small time-limited cache in sessionStorage (spec: profile, leaderboard and group-member push-ups
 * are cached 60 s). Every key is prefixed so that `clearSessionCache()` removes only our entries.
 */

const PREFIX = 'pushup-cache:';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function getCached<T>(key: string): T | undefined {
  const store = storage();
  if (!store) return undefined;
  const raw = store.getItem(PREFIX + key);
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as Entry<T>;
    if (typeof entry.expiresAt !== 'number' || Date.now() >= entry.expiresAt) {
      store.removeItem(PREFIX + key);
      return undefined;
    }
    return entry.value;
  } catch {
    store.removeItem(PREFIX + key);
    return undefined;
  }
}

export function setCached<T>(key: string, value: T, ttlMs: number = CACHE_TTL_MS): void {
  const store = storage();
  if (!store) return;
  const entry: Entry<T> = { value, expiresAt: Date.now() + ttlMs };
  try {
    store.setItem(PREFIX + key, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: caching is an optimisation only.
  }
}

export function removeCached(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Removes every cached entry, or only those whose key starts with `keyPrefix`. */
export function clearSessionCache(keyPrefix = ''): void {
  const store = storage();
  if (!store) return;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX + keyPrefix)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

const forgetters = new Set<() => void>();

/** More of a session's data, kept in memory (the query cache, once it exists): forgotten with it. */
export function forgetWithSession(forget: () => void): void {
  forgetters.add(forget);
}

/** Forgets the session's data: the cached entries and what registered with forgetWithSession. */
export function forgetSessionData(): void {
  clearSessionCache();
  for (const forget of forgetters) forget();
}

/** Keys of group data (the members' push-ups) start with this. */
export const GROUP_CACHE_PREFIX = 'group-';

/** docs/product.md, "Calls": group caches are cleared on page load (and after every group action). */
export function clearGroupCaches(): void {
  clearSessionCache(GROUP_CACHE_PREFIX);
}

/** Reads through the cache: returns a fresh cached value or loads, stores and returns a new one. */
export async function cached<T>(
  key: string,
  load: () => Promise<T>,
  ttlMs: number = CACHE_TTL_MS,
): Promise<T> {
  const hit = getCached<T>(key);
  if (hit !== undefined) return hit;
  const value = await load();
  setCached(key, value, ttlMs);
  return value;
}
