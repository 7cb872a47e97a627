import { CACHE_TTL_MS } from '@pushup/shared';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * The answers the query cache may show for 60 s, kept in session storage so that they survive a
 * reload of the tab (docs/product.md, "Caching and refresh"): the profile and the leaderboard, which
 * opt in with `SESSION_CACHED`. Group data does not: it is fetched anew on every page load. The
 * snapshot is written by the query cache itself after each change, so a refetch (after a push-up
 * change, say) replaces it and nothing is cleared by hand.
 */

/** A query's `meta` that puts its answer in the session snapshot. */
export const SESSION_CACHED = { sessionCached: true } as const;

const STORAGE_KEY = 'pushup-queries';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const inSnapshot = (query: Query) => query.meta?.sessionCached === true && query.state.status === 'success';

/** Puts the snapshot's answers younger than 60 s back into the query cache. */
export function restoreSessionSnapshot(queryClient: QueryClient): void {
  const store = storage();
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return;
  try {
    const snapshot = JSON.parse(raw) as DehydratedState;
    const queries = snapshot.queries.filter((q) => Date.now() - q.state.dataUpdatedAt < CACHE_TTL_MS);
    hydrate(queryClient, { queries, mutations: [] });
  } catch {
    store?.removeItem(STORAGE_KEY);
  }
}

/** Writes the snapshot after every change of the query cache; returns the function that stops it. */
export function saveSessionSnapshotOnChange(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.sessionCached !== true) return;
    try {
      const snapshot = dehydrate(queryClient, { shouldDehydrateQuery: inSnapshot });
      storage()?.setItem(STORAGE_KEY, JSON.stringify(snapshot));
    } catch {
      // Storage full or disabled: the snapshot only spares a request.
    }
  });
}

/** Drops the snapshot (sign-out). */
export function forgetSessionSnapshot(): void {
  storage()?.removeItem(STORAGE_KEY);
}
