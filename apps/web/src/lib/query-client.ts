import { QUERY_GC_TIME_MS, QUERY_RETRY } from '@pushup/shared';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { forgetWithSession } from './session-data';
import {
  forgetSessionSnapshot,
  restoreSessionSnapshot,
  saveSessionSnapshotOnChange,
} from './session-snapshot';

/** Retry up to 3 times (docs/product.md, "Limits"), but never a client error: a 4xx response will not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY;
}

function createQueryClient(): QueryClient {
  // TanStack Query assumes online until an 'offline' event; lib/offline/reachability.ts refines it.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, gcTime: QUERY_GC_TIME_MS, refetchOnWindowFocus: false },
      // 'always': a write made offline fails at once with a message instead of waiting, paused and
      // spinning, for the connection to come back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let client: QueryClient | null = null;

/**
 * The page's one QueryClient, made when the first part that queries loads (lib/query-provider.tsx):
 * /login, which queries nothing, loads no TanStack Query. Signing out empties it.
 */
export function appQueryClient(): QueryClient {
  if (!client) {
    const made = createQueryClient();
    restoreSessionSnapshot(made);
    saveSessionSnapshotOnChange(made);
    forgetWithSession(() => {
      made.clear();
      forgetSessionSnapshot();
    });
    client = made;
  }
  return client;
}
