import { useDeferredValue, useState } from 'react';

/** What `onFirstTry` reads of a TanStack Query result. */
interface QueryProgress {
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  failureCount: number;
}

/**
 * A query still waiting for its first answer: not one that failed once and retries (its part says
 * so in place), nor one paused offline or not asked at all. A part that shows several answers
 * waits for all of them this way, so that one arriving after the others pushes nothing on screen
 * down (a layout shift, docs/performance.md).
 */
export function onFirstTry(query: QueryProgress): boolean {
  return query.isPending && query.fetchStatus === 'fetching' && query.failureCount === 0;
}

/**
 * `waiting` until the first render where it is false, then false for good: a page waits for its
 * first answers once, never again for a query that starts later (a new day's key, a new group),
 * which would take the page, and what the user was typing in it, away. The end of the wait is a
 * deferred value: the render that shows the whole page at once, a page's biggest, is one React
 * splits into short tasks instead of one that holds a phone's main thread for over 100 ms.
 */
export function useFirstLoad(waiting: boolean): boolean {
  const [loaded, setLoaded] = useState(!waiting);
  if (!waiting && !loaded) setLoaded(true);
  return useDeferredValue(waiting && !loaded);
}
