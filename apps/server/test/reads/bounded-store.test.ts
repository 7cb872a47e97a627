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
});
