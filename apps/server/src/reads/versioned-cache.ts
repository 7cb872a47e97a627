import { type CacheCounter, UNCOUNTED } from '../metrics/app-metrics';
import { BoundedStore } from './bounded-store';
import { STALENESS } from './staleness';

interface Cached<V> {
  version: number;
  variant: string;
  value: V;
}

/**
 * Values computed from one user's rows, cached by the user's uuid under the version of those rows
 * they were computed from, and returned only for that exact version (STALENESS.versioned): for day
 * sums `user_totals.revision` (migration 0010), which every entry write raises in its transaction;
 * for achievements, which are never taken back, their count. A reader asks with the version it has
 * just read, so a cached value is never older than what that reader sees, in any number of processes.
 *
 * A value may also depend on something besides the user's rows (a day range, say): its `variant`.
 * One value is cached per user, so a read with another variant misses and replaces it.
 */
export class VersionedCache<V> {
  readonly staleness = STALENESS.versioned;
  private readonly cached: BoundedStore<Cached<V>>;

  /**
   * `counter`: its hits and misses. `getOrLoad` counts each user's value; a caller of `get` counts
   * what it decides with the value itself.
   */
  constructor(
    capacity: number,
    sizeOf: (value: V) => number = () => 1,
    readonly counter: CacheCounter = UNCOUNTED,
  ) {
    this.cached = new BoundedStore<Cached<V>>(capacity, (entry) => sizeOf(entry.value));
  }

  /** The value cached for `key` at exactly this version and variant, if any. */
  get(key: string, version: number, variant = ''): V | undefined {
    const entry = this.cached.get(key);
    if (!entry || entry.version !== version || entry.variant !== variant) return undefined;
    return entry.value;
  }

  /** The version `key`'s value is cached at, if any. */
  versionOf(key: string): number | undefined {
    return this.cached.peek(key)?.version;
  }

  /** Caches `value` for `key`, computed from its rows at `version` (for `variant`). */
  set(key: string, version: number, value: V, variant = ''): void {
    this.cached.set(key, { version, variant, value });
  }

  /**
   * The value of each user, in the order of `users`: the cached ones at the version `versionOf`
   * gives (read by the same request), the others loaded in one call (`absent` for a user the load has
   * no value for) and cached, for `variant` (the same for every user, or each user's own). An array,
   * not a map: each user is looked up once.
   */
  async getOrLoad<U extends { user_uuid: string }>(
    users: readonly U[],
    versionOf: (user: U) => number,
    variant: string | ((user: U) => string),
    load: (userUuids: string[]) => Promise<Map<string, V>>,
    absent: V,
  ): Promise<V[]> {
    const variantOf = typeof variant === 'string' ? () => variant : variant;
    const values = new Array<V>(users.length);
    const missing: number[] = [];
    users.forEach((user, i) => {
      const cached = this.get(user.user_uuid, versionOf(user), variantOf(user));
      if (cached === undefined) missing.push(i);
      else values[i] = cached;
    });
    this.counter.hit(users.length - missing.length);
    this.counter.miss(missing.length);
    if (missing.length === 0) return values;
    const loaded = await load(missing.map((i) => (users[i] as U).user_uuid));
    for (const i of missing) {
      const user = users[i] as U;
      const value = loaded.get(user.user_uuid) ?? absent;
      this.set(user.user_uuid, versionOf(user), value, variantOf(user));
      values[i] = value;
    }
    return values;
  }
}
