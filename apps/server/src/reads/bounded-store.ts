interface Stored<V> {
  value: V;
  size: number;
  /** Read since it was last passed over by an eviction. */
  used: boolean;
}

/**
 * A map whose values' sizes add up to at most `capacity`, the storage of every read cache. Past the
 * capacity, the oldest values go first, except those read since they were last passed over, which
 * are passed over once ("second chance": a read marks its value instead of moving it in the order,
 * which costs nothing on the hot path). The value just stored is never the one to make room, and a
 * value larger than the whole capacity is not stored.
 */
export class BoundedStore<V> {
  private readonly stored = new Map<string, Stored<V>>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: V) => number,
    /** A value that is no use any more (expired) goes before any other, read or not. */
    private readonly isDead: (value: V) => boolean = () => false,
  ) {}

  /** The value stored for `key`, marked as read. */
  get(key: string): V | undefined {
    const entry = this.stored.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** The value stored for `key`, without marking it. */
  peek(key: string): V | undefined {
    return this.stored.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.capacity) return;
    this.stored.set(key, { value, size, used: false });
    this.total += size;
    if (this.total <= this.capacity) return;
    // Map keeps insertion order: oldest first. Dead values there go even once there is room again;
    // a value read since it was last passed over goes to the end, unmarked, as does the new one.
    for (const [oldKey, entry] of this.stored) {
      const dead = this.isDead(entry.value);
      if (this.total <= this.capacity && (!dead || oldKey === key)) break;
      this.stored.delete(oldKey);
      if (oldKey === key || (entry.used && !dead)) {
        entry.used = false;
        this.stored.set(oldKey, entry);
      } else this.total -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.stored.get(key);
    if (!entry) return;
    this.stored.delete(key);
    this.total -= entry.size;
  }
}
