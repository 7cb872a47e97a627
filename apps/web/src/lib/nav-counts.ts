import { useSyncExternalStore } from 'react';

/**
 * Counts beside the main navigation's links ('Group Management' 2: join requests waiting for an
 * admin). The navigation belongs to the shell, which loads before sign-in and
 * without TanStack Query; the signed-in area fills these counts from its own queries.
 */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();

export function setNavCount(to: string, count: number): void {
  if ((counts.get(to) ?? 0) === count) return;
  counts.set(to, count);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count beside the link to `to`; 0 when nothing waits. */
export function useNavCount(to: string): number {
  return useSyncExternalStore(subscribe, () => counts.get(to) ?? 0);
}
