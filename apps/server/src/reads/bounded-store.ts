interface Stored<V> {
  key: string;
  /** undefined once deleted: a stale place in the order holds nothing alive. */
  value: V | undefined;
  size: number;
  /** Read since it was last passed over by an eviction. */
  used: boolean;
}

/** How many passed-over places the order keeps before it drops them at once. */
const ORDER_SLACK = 1024;

/**
 * A map whose values' sizes add up to at most `capacity`, the storage of every read cache. Past the
 * capacity, the oldest values go first, except those read since they were last passed over, which
 * are passed over once ("second chance": a read marks its value instead of moving it in the order,
 * which costs nothing on the hot path). The value just stored is never the one to make room, and a
 * value larger than the whole capacity is not stored.
 *
 * The order is an array walked from `head`, not the Map's own order: a Map keeps a deleted entry's
 * place until it is rebuilt, so a walk from its start passed over every value evicted since (5.5 µs a
 * store at 16,000 values).
 */
export class BoundedStore<V> {
  private readonly stored = new Map<string, Stored<V>>();
  /**
   * Every stored value in the order they go, oldest first, from `head` (the places before it are
   * emptied); a deleted or replaced one is stale.
   */
  private order: (Stored<V> | undefined)[] = [];
  private head = 0;
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
    const added: Stored<V> = { key, value, size, used: false };
    this.stored.set(key, added);
    this.order.push(added);
    this.total += size;
    if (this.total > this.capacity) this.makeRoom(added);
    this.dropPassedOver();
  }

  delete(key: string): void {
    const entry = this.stored.get(key);
    if (!entry) return;
    this.remove(entry);
  }

  private remove(entry: Stored<V>): void {
    this.stored.delete(entry.key);
    this.total -= entry.size;
    entry.value = undefined;
  }

  private makeRoom(added: Stored<V>): void {
    // Dead values at the front go even once there is room again; a value read since it was last
    // passed over goes to the end, unmarked, as does the new one.
    while (this.head < this.order.length) {
      const entry = this.order[this.head] as Stored<V>;
      if (this.stored.get(entry.key) !== entry) {
        this.order[this.head++] = undefined;
        continue;
      }
      const dead = this.isDead(entry.value as V);
      if (this.total <= this.capacity && (!dead || entry === added)) break;
      this.order[this.head++] = undefined;
      if (entry === added || (entry.used && !dead)) {
        entry.used = false;
        this.order.push(entry);
      } else this.remove(entry);
    }
  }

  /** Rebuilds the order once it holds many more places than values. */
  private dropPassedOver(): void {
    if (this.order.length - this.head <= 2 * this.stored.size + ORDER_SLACK) {
      if (this.head > ORDER_SLACK && this.head * 2 > this.order.length) {
        this.order = this.order.slice(this.head);
        this.head = 0;
      }
      return;
    }
    this.order = this.order.slice(this.head).filter((entry) => entry && this.stored.get(entry.key) === entry);
    this.head = 0;
  }
}
