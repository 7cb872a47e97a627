import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@pushup/shared';
import { AppError } from '../../errors/app-error';

const MINUTE_MS = 60_000;

/**
 * What one user's imports may cost a minute, previews and commits alike (docs/security.md, "Imports"):
 * the rows of four of the largest files (a preview and a commit of two), and as many bytes.
 */
export const IMPORT_BUDGET = { rowsPerMinute: 4 * IMPORT_MAX_ROWS, bytesPerMinute: 4 * IMPORT_MAX_BYTES };

/** Seconds a refused import is told to wait while another one of the same user runs. */
const IMPORT_BUSY_RETRY_SECONDS = 2;

/** A refusal of the import limits: 429 RATE_LIMITED, with the seconds to wait as `retry-after`. */
export class ImportRefused extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** What an import spent: when, and how many rows and bytes its file had. */
interface Spending {
  at: number;
  rows: number;
  bytes: number;
}

/** What an import reports while it runs: what it read, charged to its user's minute. */
export type ImportCharge = (spent: { rows?: number; bytes?: number }) => void;

/** Fewer users than this are never swept: each is forgotten when they import again. */
const SWEEP_MIN = 1024;

const seconds = (n: number) => (n <= 1 ? 'a second' : `${n} seconds`);

/**
 * One user's imports, in this process: one at a time, and no more rows and bytes a minute than the
 * budget (a sliding minute). Reading a file costs the server in proportion to its rows and bytes
 * whatever the answer, so what is charged is what was read, refused rows and refused files included;
 * an import starts while the minute's spending is below the budget, so a user may pass it by at most
 * one file. With several API processes each keeps its own count, as the rate limits do (decision 014).
 */
export class ImportLimits {
  private readonly running = new Set<string>();
  private readonly spent = new Map<string, Spending[]>();
  /** The users' count at which those whose minute has passed are forgotten (amortized sweeps). */
  private sweepAt = SWEEP_MIN;

  constructor(
    private readonly budget = IMPORT_BUDGET,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Runs `work` as `user`'s import, or refuses it (429) when another import of theirs is running or
   * their minute's budget is spent. Nothing of a refused import is read or written.
   */
  async run<T>(user: string, work: (charge: ImportCharge) => Promise<T>): Promise<T> {
    if (this.running.has(user)) {
      throw new ImportRefused(
        'Another import of yours is still running: please wait until it has finished, then try again.',
        IMPORT_BUSY_RETRY_SECONDS,
      );
    }
    this.refuseOverBudget(user);
    this.running.add(user);
    const charge: ImportCharge = ({ rows = 0, bytes = 0 }) => {
      const list = this.spent.get(user) ?? [];
      list.push({ at: this.clock(), rows, bytes });
      this.spent.set(user, list);
    };
    try {
      return await work(charge);
    } finally {
      this.running.delete(user);
    }
  }

  /** Forgets what left the minute, and refuses when what is left reaches the budget. */
  private refuseOverBudget(user: string): void {
    const now = this.clock();
    if (this.spent.size >= this.sweepAt) {
      for (const [someone, list] of this.spent) {
        if (!list.some((s) => s.at > now - MINUTE_MS)) this.spent.delete(someone);
      }
      this.sweepAt = Math.max(SWEEP_MIN, 2 * this.spent.size);
    }
    const list = (this.spent.get(user) ?? []).filter((s) => s.at > now - MINUTE_MS);
    if (list.length === 0) {
      this.spent.delete(user);
      return;
    }
    this.spent.set(user, list);
    let rows = list.reduce((sum, s) => sum + s.rows, 0);
    let bytes = list.reduce((sum, s) => sum + s.bytes, 0);
    const { rowsPerMinute, bytesPerMinute } = this.budget;
    if (rows < rowsPerMinute && bytes < bytesPerMinute) return;
    const overRows = rows >= rowsPerMinute;
    // The wait: until enough of the oldest spending has left the minute.
    let wait = MINUTE_MS;
    for (const s of list) {
      rows -= s.rows;
      bytes -= s.bytes;
      if (rows < rowsPerMinute && bytes < bytesPerMinute) {
        wait = s.at + MINUTE_MS - now;
        break;
      }
    }
    const retry = Math.max(1, Math.ceil(wait / 1000));
    const message = overRows
      ? `Too many rows imported: at most ${rowsPerMinute.toLocaleString('en')} a minute. Please try again in ${seconds(retry)}.`
      : `Too much data imported: at most ${Math.round(bytesPerMinute / 1024 / 1024)} MB a minute. Please try again in ${seconds(retry)}.`;
    throw new ImportRefused(message, retry);
  }
}
