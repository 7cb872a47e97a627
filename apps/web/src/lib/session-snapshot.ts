import { CACHE_TTL_MS } from '@pushup/shared';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * The server's responses the query cache may show for 60 s, kept in session storage so that they
 * survive a reload of the tab (docs/product.md, "Caching and refresh"): the profile and the
 * leaderboard, whose queries opt in with `SESSION_CACHED`. Group data does not: it is fetched anew on
 * every page load. The snapshot follows the query cache itself: a fetched response replaces its
 * entry; a response marked stale, or one the app wrote into the cache after a change (a saved
 * profile), drops it, so the next page load asks the server. Nothing else clears it.
 */

/** A query's `meta` that puts its fetched responses in the session snapshot. */
export const SESSION_CACHED = { sessionCached: true } as const;

const STORAGE_KEY = 'pushup-queries';

type SnapshotQuery = DehydratedState['queries'][number];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readSnapshot(): SnapshotQuery[] {
  const store = storage();
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return [];
  try {
    return (JSON.parse(raw) as DehydratedState).queries;
  } catch {
    store?.removeItem(STORAGE_KEY);
    return [];
  }
}

function writeSnapshot(queries: SnapshotQuery[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ mutations: [], queries }));
  } catch {
    // Storage full or disabled: the snapshot only spares a request.
  }
}

/** Puts the snapshot's responses younger than 60 s back into the query cache. */
export function restoreSessionSnapshot(queryClient: QueryClient): void {
  const queries = readSnapshot().filter((q) => Date.now() - q.state.dataUpdatedAt < CACHE_TTL_MS);
  if (queries.length > 0) hydrate(queryClient, { mutations: [], queries });
}

/** How a change of the query cache changes the snapshot: a query to store, one to drop, or none. */
function snapshotChange(event: QueryCacheNotifyEvent): { store?: Query; drop?: string } {
  if (event.query.meta?.sessionCached !== true) return {};
  if (event.type === 'removed') return { drop: event.query.queryHash };
  if (event.type !== 'updated') return {};
  // Marked stale (a push-up change, a changed setting): the next page load asks the server.
  if (event.action.type === 'invalidate') return { drop: event.query.queryHash };
  if (event.action.type !== 'success') return {};
  return event.action.manual ? { drop: event.query.queryHash } : { store: event.query };
}

/** Follows the query cache's changes in the snapshot; returns the function that stops it. */
export function saveSessionSnapshotOnChange(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const { store, drop } = snapshotChange(event);
    const hash = store?.queryHash ?? drop;
    if (hash === undefined) return;
    const queries = readSnapshot().filter((q) => q.queryHash !== hash);
    if (store) queries.push(...dehydrate(queryClient, { shouldDehydrateQuery: (q) => q === store }).queries);
    writeSnapshot(queries);
  });
}

/** Drops the snapshot (sign-out). */
export function forgetSessionSnapshot(): void {
  storage()?.removeItem(STORAGE_KEY);
}
