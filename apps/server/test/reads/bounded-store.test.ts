/** BoundedStore: the storage of every read cache, its values' sizes within a capacity. */
import { describe, expect, it } from 'vitest';
import { BoundedStore } from '../../src/reads/bounded-store';

describe('BoundedStore', () => {
  it('lets the oldest value not read since go first when the sizes pass the capacity', () => {
    const store = new BoundedStore<string>(10, (v) => v.length);
    store.set('a', 'aaaa');
    store.set('b', 'bbbb');
    expect(store.get('a')).toBe('aaaa');
    store.set('c', 'cccc');
    expect([store.peek('a'), store.peek('b'), store.peek('c')]).toEqual(['aaaa', undefined, 'cccc']);
  });

  it('never evicts the value it has just stored, even when every older one was read', () => {
    const store = new BoundedStore<string>(2, () => 1);
    store.set('a', 'A');
    store.set('b', 'B');
    store.get('a');
    store.get('b');
    store.set('c', 'C');
    expect([store.peek('a'), store.peek('b'), store.peek('c')]).toEqual([undefined, 'B', 'C']);
  });

  it('stores no value larger than the whole capacity, and keeps the others', () => {
    const store = new BoundedStore<string>(5, (v) => v.length);
    store.set('a', 'aa');
    store.set('huge', 'xxxxxx');
    expect([store.peek('a'), store.peek('huge')]).toEqual(['aa', undefined]);
  });

  it('lets dead values go before any other once the capacity is passed, read or not', () => {
    const dead = new Set<string>();
    const store = new BoundedStore<string>(
      3,
      () => 1,
      (v) => dead.has(v),
    );
    store.set('a', 'A');
    store.set('b', 'B');
    store.set('c', 'C');
    store.get('a');
    dead.add('B');
    dead.add('C');
    store.set('d', 'D');
    expect([store.peek('a'), store.peek('b'), store.peek('c'), store.peek('d')]).toEqual([
      'A',
      undefined,
      undefined,
      'D',
    ]);
  });

  it('replaces a key in place of adding to its size', () => {
    const store = new BoundedStore<string>(4, (v) => v.length);
    store.set('a', 'aa');
    store.set('a', 'aaa');
    store.set('b', 'b');
    expect([store.peek('a'), store.peek('b')]).toEqual(['aaa', 'b']);
  });

  it('keeps what a plain ordered map would keep, through many stores, reads, deletes and deaths', () => {
    // The rule above written the plainest way: a Map's own order, walked from its start.
    class Reference {
      readonly stored = new Map<string, { value: number; used: boolean }>();
      total = 0;
      constructor(
        readonly capacity: number,
        readonly isDead: (v: number) => boolean,
      ) {}
      set(key: string, value: number) {
        if (this.stored.delete(key)) this.total--;
        this.stored.set(key, { value, used: false });
        this.total++;
        if (this.total <= this.capacity) return;
        for (const [oldKey, entry] of this.stored) {
          const dead = this.isDead(entry.value);
          if (this.total <= this.capacity && (!dead || oldKey === key)) break;
          this.stored.delete(oldKey);
          if (oldKey === key || (entry.used && !dead)) {
            entry.used = false;
            this.stored.set(oldKey, entry);
          } else this.total--;
        }
      }
    }
    let seed = 7;
    // xorshift32: a repeatable sequence whose low bits are as random as its high ones.
    const random = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const dead = (v: number) => v % 7 === 0;
    const store = new BoundedStore<number>(50, () => 1, dead);
    const keys = Array.from({ length: 120 }, (_, i) => `k${i}`);
    const reference = new Reference(50, dead);
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(120)}`;
      const op = random(10);
      if (op < 5) {
        store.set(key, step);
        reference.set(key, step);
      } else if (op < 9) {
        store.get(key);
        const entry = reference.stored.get(key);
        if (entry) entry.used = true;
      } else {
        store.delete(key);
        if (reference.stored.delete(key)) reference.total--;
      }
      if (step % 100 === 0) {
        expect(keys.map((k) => store.peek(k))).toEqual(keys.map((k) => reference.stored.get(k)?.value));
      }
    }
  });
});
