import { useSyncExternalStore } from 'react';

/**
 * Whether the user menu offers 'Admin' (docs/decisions/038-operators-and-audit-trail.md). The menu
 * belongs to the shell, which loads before sign-in and without TanStack Query; the signed-in area
 * asks the server whether the caller is an operator and sets this.
 */
let operator = false;
const listeners = new Set<() => void>();

export function setOperatorMenu(shown: boolean): void {
  if (operator === shown) return;
  operator = shown;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the server said the signed-in user is an operator of this instance. */
export function useOperatorMenu(): boolean {
  return useSyncExternalStore(subscribe, () => operator);
}
