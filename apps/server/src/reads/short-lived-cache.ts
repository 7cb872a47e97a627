import { type CacheCounter, UNCOUNTED } from '../metrics/app-metrics';
import { BoundedStore } from './bounded-store';
import { SHORT_LIVED_MS, STALENESS } from './staleness';

/** What a short-lived cache watches: the transactions its API process has finished. */
export interface FinishedTransactions {
  readonly count: number;
}

interface Cached<V> {
  value: V;
  at: number;
  /** FinishedTransactions.count when the computation started. */
  transactions: number;
}

export interface ShortLivedCacheOptions<V> {
  /** How much the cached values may add up to, measured by `sizeOf` (default: no bound). */
  capacity?: number;
  /** A value's size for `capacity` (default: 1 a value). */
  sizeOf?: (value: V) => number;
  now?: () => number;
  /** Counts a read answered from the cache as a hit, and one that computes or waits for a computation as a miss. */
  counter?: CacheCounter;
}

/**
 * Values computed by `load`, cached by key and shared by every caller of this API process until a
 * transaction of the process finishes (every write a cached read depends on runs in a transaction) or
 * SHORT_LIVED_MS pass (STALENESS.shortLived). A computation that a transaction finished during is
 * handed to its callers but not cached, since it may have read the rows before the commit.
 */
export class ShortLivedCache<V> {
  readonly staleness = STALENESS.shortLived;
  private readonly cached: BoundedStore<Cached<V>>;
  private readonly loading = new Map<string, { promise: Promise<V>; transactions: number }>();
  private readonly now: () => number;
  /** Its hits and misses; a caller answering with a value of `peek` counts that hit itself. */
  readonly counter: CacheCounter;

  constructor(
    private readonly load: (key: string) => Promise<V>,
    private readonly transactions: FinishedTransactions,
    options: ShortLivedCacheOptions<V> = {},
  ) {
    this.now = options.now ?? Date.now;
    this.counter = options.counter ?? UNCOUNTED;
    const sizeOf = options.sizeOf ?? (() => 1);
    this.cached = new BoundedStore<Cached<V>>(
      options.capacity ?? Number.POSITIVE_INFINITY,
      (entry) => sizeOf(entry.value),
      (entry) => !this.isValid(entry),
    );
  }

  /** The cached value while still valid, without computing one. */
  peek(key: string): V | undefined {
    const entry = this.cached.get(key);
    return entry && this.isValid(entry) ? entry.value : undefined;
  }

  /**
   * The cached value when still valid and `usable` for the caller; else that of a computation (one
   * running is shared while it runs, when its value is usable too).
   */
  async get(key: string, usable: (value: V) => boolean = () => true): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined && usable(cached)) {
      this.counter.hit();
      return cached;
    }
    this.counter.miss();
    const loading = this.loading.get(key);
    if (cached === undefined && loading && loading.transactions === this.transactions.count) {
      const shared = await loading.promise;
      if (usable(shared)) return shared;
    }
    return this.compute(key);
  }

  /**
   * A new computation, cached for the next callers: for a caller whose own part the cached value
   * missed. Started after the caller's request arrived, it holds the caller's own writes.
   */
  fresh(key: string): Promise<V> {
    this.counter.miss();
    return this.compute(key);
  }

  private compute(key: string): Promise<V> {
    const transactions = this.transactions.count;
    const at = this.now();
    const promise = this.load(key).then((value) => {
      const cached = this.cached.peek(key);
      if (this.transactions.count === transactions && (!cached || cached.at <= at)) {
        this.cached.set(key, { value, at, transactions });
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

  private isValid(entry: Cached<V>): boolean {
    return entry.transactions === this.transactions.count && this.now() - entry.at < SHORT_LIVED_MS;
  }
}
