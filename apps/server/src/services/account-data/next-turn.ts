import { setImmediate } from 'node:timers/promises';

/**
 * Resolves after the event loop's next poll for I/O: long work that awaits this between slices lets
 * the requests that arrived meanwhile run (docs/performance.md, "Imports and everyone else").
 */
export function nextTurn(): Promise<void> {
  return setImmediate();
}
