/**
 * How long a read kept by one API process may miss the writes of the other processes
 * (docs/product.md, "Modes"). Its own writes end it at once, and every caller of a kept read checks
 * their own part of it against the database: nobody sees their own data late.
 */
export const SHORT_LIVED_MS = 2000;

interface Kept<V> {
  value: V;
  at: number;
  transactions: number;
  size: number;
}

export interface ShortLivedCacheOptions<V> {
  /** How much the kept values may add up to, measured by `sizeOf` (default: no bound). */
  capacity?: number;
  /** A value's size for `capacity` (default: 1 a value). */
  sizeOf?: (value: V) => number;
  now?: () => number;
}

/**
 * Reads kept in memory by key for SHORT_LIVED_MS (issue 19): the leaderboard's top, a group's
 * members. One computation serves every caller until a transaction of this process finishes (every
 * write a kept read depends on runs in a transaction) or the lifetime ends. A computation that a
 * transaction finished during is handed to its callers but not kept, since it may have read the rows
 * before the commit. Past `capacity`, the expired values go first, then the oldest.
 */
export class ShortLivedCache<V> {
  private readonly kept = new Map<string, Kept<V>>();
  private readonly loading = new Map<string, { promise: Promise<V>; transactions: number }>();
  private readonly capacity: number;
  private readonly sizeOf: (value: V) => number;
  private readonly now: () => number;
  private used = 0;

  constructor(
    private readonly load: (key: string) => Promise<V>,
    private readonly transactionsFinished: () => number,
    options: ShortLivedCacheOptions<V> = {},
  ) {
    this.capacity = options.capacity ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 1);
    this.now = options.now ?? Date.now;
  }

  /** The kept value while still valid, without computing one. */
  peek(key: string): V | undefined {
    const kept = this.kept.get(key);
    const valid =
      kept && kept.transactions === this.transactionsFinished() && this.now() - kept.at < SHORT_LIVED_MS;
    return valid ? kept.value : undefined;
  }

  /** The kept value when still valid; else that of a computation (shared while it runs). */
  get(key: string): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const transactions = this.transactionsFinished();
    const loading = this.loading.get(key);
    if (loading && loading.transactions === transactions) return loading.promise;
    return this.fresh(key);
  }

  /** A new computation, kept for the next callers: for a caller whose own part the kept one missed. */
  fresh(key: string): Promise<V> {
    const transactions = this.transactionsFinished();
    const at = this.now();
    const promise = this.load(key).then((value) => {
      const kept = this.kept.get(key);
      if (this.transactionsFinished() === transactions && (!kept || kept.at <= at)) {
        this.keep(key, { value, at, transactions, size: this.sizeOf(value) });
      }
      return value;
    });
    const loading = { promise, transactions };
    this.loading.set(key, loading);
    const settle = () => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    };
    promise.then(settle, settle);
    return promise;
  }

  private keep(key: string, entry: Kept<V>): void {
    this.drop(key);
    if (entry.size > this.capacity) return;
    this.kept.set(key, entry);
    this.used += entry.size;
    if (this.used <= this.capacity) return;
    // Oldest first: they are the first to expire or to have missed a transaction.
    const now = this.now();
    for (const [oldKey, old] of this.kept) {
      const usable = now - old.at < SHORT_LIVED_MS && old.transactions === entry.transactions;
      if (usable && this.used <= this.capacity) break;
      this.drop(oldKey);
    }
  }

  private drop(key: string): void {
    const old = this.kept.get(key);
    if (!old) return;
    this.kept.delete(key);
    this.used -= old.size;
  }
}
