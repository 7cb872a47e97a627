import { setImmediate } from 'node:timers/promises';

/** The most time long work runs between two turns of the event loop, in milliseconds. */
const SLICE_MS = 4;

/**
 * Paces long work (an import's reading, judging and writing) so that it never holds the event loop
 * for long: call pause() often, every few rows; once SLICE_MS have passed since the last turn it
 * waits for the next one (setImmediate: after the poll for I/O), so the requests that arrived
 * meanwhile run, and several imports take turns (docs/performance.md, "Imports and everyone else").
 */
export class Pacer {
  private since = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await setImmediate();
    this.since = performance.now();
  }
}
