/** The most time an import works between two turns of the event loop, in milliseconds. */
const SLICE_MS = 4;

/** Paused imports, in the order they paused: one resumes per turn of the event loop. */
const waiting: (() => void)[] = [];
let resuming = false;

/**
 * Resumes the import that paused first, and asks for the next turn if more are waiting. A
 * setImmediate made while the immediates run waits for the loop's next turn, after its poll for
 * I/O: so however many imports run, one slice of one import runs per turn, and the requests that
 * arrived meanwhile run between two slices.
 */
function resumeNext(): void {
  resuming = false;
  const next = waiting.shift();
  if (waiting.length > 0) scheduleResume();
  next?.();
}

function scheduleResume(): void {
  if (resuming) return;
  resuming = true;
  setImmediate(resumeNext);
}

/**
 * Paces long work (an import's reading, judging and writing) so that it never holds the event loop
 * for long: call pause() often, every few rows. Once SLICE_MS have passed since the work last
 * resumed, it waits for its turn: the imports of all users take turns, one slice a turn of the
 * event loop, and everything else the server does runs in between (docs/performance.md, "Imports
 * and everyone else").
 */
export class Pacer {
  private since = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await new Promise<void>((resume) => {
      waiting.push(resume);
      scheduleResume();
    });
    this.since = performance.now();
  }
}
