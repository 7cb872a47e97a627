/**
 * Reads cached for a short time (reads/short-lived-cache.ts): when one computation may serve the next
 * callers and when it must not. The database side is in processes.test.ts, pushups.test.ts and
 * groups-stats.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ShortLivedCache } from '../../src/reads/short-lived-cache';
import { SHORT_LIVED_MS } from '../../src/reads/staleness';

/** A cache over a fake database (`state.values`, by key), transaction count and clock. */
function setUp(bound: { capacity?: number; sizeOf?: (value: number) => number } = {}) {
  const state = {
    values: new Map<string, number>([['a', 1]]),
    loads: [] as string[],
    transactions: 0,
    now: 0,
  };
  const transactions = {
    get count() {
      return state.transactions;
    },
  };
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  const cache = new ShortLivedCache(
    async (key) => {
      state.loads.push(key);
      const read = state.values.get(key) ?? 0;
      await gate?.opened;
      return read;
    },
    transactions,
    { ...bound, now: () => state.now },
  );
  return {
    cache,
    state,
    /** The next loads read at once but answer only after `stopHolding()`. */
    holdNextLoad: () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { opened, open };
    },
    stopHolding: () => {
      gate?.open();
      gate = undefined;
    },
  };
}

describe('a read cached for a short time', () => {
  it('serves one computation until a transaction finishes or its lifetime ends', async () => {
    const { cache, state } = setUp();
    expect(await cache.get('a')).toBe(1);
    state.values.set('a', 2);
    state.now = SHORT_LIVED_MS - 1;
    expect(await cache.get('a')).toBe(1);
    expect(state.loads).toHaveLength(1);

    state.transactions++;
    expect(await cache.get('a')).toBe(2);
    state.values.set('a', 3);
    state.now += SHORT_LIVED_MS;
    expect(await cache.get('a')).toBe(3);
    expect(state.loads).toHaveLength(3);
  });

  it('shares a computation in progress, and does not cache one that a transaction finished during', async () => {
    const t = setUp();
    t.holdNextLoad();
    const first = t.cache.get('a');
    const second = t.cache.get('a');
    // A write commits while the computation may already have read the old rows.
    t.state.values.set('a', 2);
    t.state.transactions++;
    t.stopHolding();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(t.state.loads).toHaveLength(1);
    expect(await t.cache.get('a')).toBe(2);
    expect(t.state.loads).toHaveLength(2);
  });

  it('starts a new computation for a caller once a transaction finished, not joining the older one', async () => {
    const t = setUp();
    t.holdNextLoad();
    const before = t.cache.get('a');
    t.state.values.set('a', 2);
    t.state.transactions++;
    const after = t.cache.get('a');
    t.stopHolding();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
  });

  it('caches a fresh computation asked for by a caller the cached one missed', async () => {
    const { cache, state } = setUp();
    await cache.get('a');
    state.values.set('a', 5);
    expect(await cache.fresh('a')).toBe(5);
    expect(await cache.get('a')).toBe(5);
    expect(state.loads).toHaveLength(2);
  });

  it('peeks at a cached value while it is valid, and never computes one', async () => {
    const { cache, state } = setUp();
    expect(cache.peek('a')).toBeUndefined();
    expect(state.loads).toEqual([]);
    await cache.get('a');
    expect(cache.peek('a')).toBe(1);
    state.now = SHORT_LIVED_MS;
    expect(cache.peek('a')).toBeUndefined();
    state.now = 0;
    state.transactions++;
    expect(cache.peek('a')).toBeUndefined();
    expect(state.loads).toEqual(['a']);
  });

  it('caches each key on its own, and past its capacity lets the expired and then the oldest go', async () => {
    const { cache, state } = setUp({ capacity: 2 });
    state.values.set('b', 20);
    state.values.set('c', 30);
    expect([await cache.get('a'), await cache.get('b')]).toEqual([1, 20]);
    state.values.set('a', 2);
    // 'c' is one key too many: 'a', the oldest, goes.
    expect(await cache.get('c')).toBe(30);
    expect([await cache.get('b'), await cache.get('c'), await cache.get('a')]).toEqual([20, 30, 2]);
    expect(state.loads).toEqual(['a', 'b', 'c', 'a']);

    // Expired keys go first, however recent: 'c' and 'a' have expired, 'b' is read again.
    state.now = SHORT_LIVED_MS;
    state.values.set('b', 21);
    expect(await cache.get('b')).toBe(21);
    expect(await cache.get('b')).toBe(21);
    expect(state.loads).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it('measures its capacity by the size of the values, and caches none larger than it', async () => {
    // A value's size is the value itself (a group's member count, say).
    const { cache, state } = setUp({ capacity: 10, sizeOf: (value) => value });
    state.values.set('a', 4);
    state.values.set('b', 5);
    state.values.set('c', 3);
    state.values.set('huge', 11);
    await cache.get('a');
    await cache.get('b');
    // 4 + 5 + 3 is more than 10: 'a', the oldest, goes.
    await cache.get('c');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 5, 3]);
    // Larger than the whole capacity: returned, not cached, and the others stay.
    expect(await cache.get('huge')).toBe(11);
    expect(cache.peek('huge')).toBeUndefined();
    expect([cache.peek('b'), cache.peek('c')]).toEqual([5, 3]);
  });
});
