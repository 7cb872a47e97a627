import { defaultShouldDehydrateQuery, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { localDb } from './local-db';

/**
 * The API responses a user last saw, stored on the device, so the app opened offline shows them
 * (docs/product.md, "Offline"). Saved a moment after each change of the query cache (never an
 * empty cache over a saved one: an app opened offline has nothing yet); restored when the app is
 * offline; dropped at sign-out and when another build wrote them.
 */

/** Responses older than this are not shown: a week-old leaderboard would mislead more than help. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 300;

/**
 * A query's `meta` that keeps its responses off the device: other people's data that the app shows
 * only online (the operator's lists of users, invites and the audit trail, with their emails), which
 * a lost phone must not hold.
 */
export const NOT_STORED_ON_DEVICE = { storedOnDevice: false } as const;

/** Fills the query cache with the user's saved responses; returns true when it did, or false. */
export async function restoreQueries(queryClient: QueryClient, uid: string): Promise<boolean> {
  try {
    const db = await localDb();
    const saved = await db.get('queries', uid);
    if (!saved) return false;
    if (saved.build !== __BUILD_ID__ || Date.now() - saved.savedAt > MAX_AGE_MS) {
      await db.delete('queries', uid);
      return false;
    }
    // hydrate keeps a response already in the cache when it is newer than the saved one.
    hydrate(queryClient, saved.state);
    return true;
  } catch {
    return false;
  }
}

/** Saves the user's responses after every change of the cache; returns the function that stops it. */
export function saveQueriesOnChange(queryClient: QueryClient, uid: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    try {
      const db = await localDb();
      await db.put('queries', {
        uid,
        savedAt: Date.now(),
        build: __BUILD_ID__,
        state: dehydrate(queryClient, {
          shouldDehydrateQuery: (query) =>
            defaultShouldDehydrateQuery(query) && query.meta?.storedOnDevice !== false,
        }),
      });
    } catch {
      // Storage full or unavailable: offline reading is a convenience, never in the way.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || timer) return;
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  });
  // Leaving the page (closed, reloaded, sent to the background): what is pending is saved now.
  const saveNow = () => {
    if (!timer) return;
    clearTimeout(timer);
    void save();
  };
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', saveNow);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', saveNow);
    if (timer) clearTimeout(timer);
  };
}

export async function forgetQueries(uid: string): Promise<void> {
  const db = await localDb();
  await db.delete('queries', uid);
}
