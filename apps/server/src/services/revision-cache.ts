/**
 * Values computed from one user's rows, kept in memory by an API process under the revision of those
 * rows they were read at: for day sums `user_totals.revision` (migration 0010), which every entry
 * write raises in its transaction; for achievements, which are never taken back, their count (issue
 * 19). A reader asks for a value with the revision it has just read from the database, so a kept
 * value is never older than what that reader sees: correct with any number of processes, without a
 * lifetime. Once their sizes add up to more than `capacity`, the oldest values not used since they
 * were last passed over go first ("second chance": a read only marks its value, instead of moving it
 * in the order).
 *
 * A value may also depend on something besides the user (say, a day range): its `variant`. One value
 * is kept per user, so a read with another variant misses and replaces it; keyed by the user's uuid
 * alone, a read builds no key string (issue 19).
 */
export class RevisionCache<V> {
  private readonly entries = new Map<
    string,
    { revision: number; variant: string; value: V; size: number; used: boolean }
  >();
  private used = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept for `key` at exactly this revision (and variant), if any. */
  get(key: string, revision: number, variant = ''): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.revision !== revision || entry.variant !== variant) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** The revision `key`'s value is kept at, if any (it stays where it is in the order of use). */
  revisionOf(key: string): number | undefined {
    return this.entries.get(key)?.revision;
  }

  /** Keeps `value` for `key`, read at `revision` or later (for `variant`). */
  set(key: string, revision: number, value: V, variant = ''): void {
    const size = this.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.size;
    }
    if (size > this.capacity) return;
    this.entries.set(key, { revision, variant, value, size, used: false });
    this.used += size;
    // Oldest first (Map keeps insertion order); a used one goes to the end, unmarked, once.
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.capacity) break;
      this.entries.delete(oldest);
      // The value just stored is never the one to make room: passed over like a used one.
      if (entry.used || oldest === key) {
        entry.used = false;
        this.entries.set(oldest, entry);
      } else this.used -= entry.size;
    }
  }

  /**
   * The value of each user, in the order of `users`: the kept ones at the revision given, the others
   * loaded in one call (`absent` for a user the load has no value for) and kept, for `variant`. An
   * array, not a map: a read looks each user up once (issue 19).
   */
  async getOrLoad(
    users: readonly { user_uuid: string; revision: number }[],
    variant: string,
    load: (userUuids: string[]) => Promise<Map<string, V>>,
    absent: V,
  ): Promise<V[]> {
    const values = new Array<V>(users.length);
    const stale: number[] = [];
    users.forEach((user, i) => {
      const kept = this.get(user.user_uuid, user.revision, variant);
      if (kept === undefined) stale.push(i);
      else values[i] = kept;
    });
    if (stale.length === 0) return values;
    const loaded = await load(stale.map((i) => (users[i] as (typeof users)[number]).user_uuid));
    for (const i of stale) {
      const user = users[i] as (typeof users)[number];
      const value = loaded.get(user.user_uuid) ?? absent;
      this.set(user.user_uuid, user.revision, value, variant);
      values[i] = value;
    }
    return values;
  }
}
