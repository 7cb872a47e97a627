import { useSyncExternalStore } from 'react';

/**
 * The new version of the app, once the service worker has it ready: the prompt shows while
 * `reload` is set, and calling it activates the new worker, which then reloads the page.
 * Registration (src/lib/register-service-worker.ts) loads after the page (src/main.tsx), so
 * /login does not wait for it.
 */

let reload: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(activate: () => Promise<void>): void {
  reload = activate;
  for (const listener of listeners) listener();
}

export function useAppUpdate(): (() => Promise<void>) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reload,
  );
}
