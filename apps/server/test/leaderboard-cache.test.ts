/**
 * The leaderboard kept in memory (services/leaderboard-cache.ts): when one computation may serve the
 * next callers and when it must not. The database side is in processes.test.ts and pushups.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  aboveOn,
  LEADERBOARD_CACHE_MS,
  LeaderboardCache,
  type RankedCandidates,
} from '../src/services/leaderboard-cache';

function boardOf(total: number): RankedCandidates {
  return {
    rows: [{ user_uuid: 'u', username: 'u', username_lower: 'u', total }],
    ranks: [1],
    topJson: '',
    above: new Map(),
  };
}

/** A cache over a fake database (`state.total`), transaction count and clock. */
function setUp() {
  const state = { total: 1, loads: 0, transactions: 0, now: 0 };
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  const cache = new LeaderboardCache(
    async () => {
      state.loads++;
      const read = state.total;
      await gate?.opened;
      return boardOf(read);
    },
    () => state.transactions,
    () => state.now,
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

describe('the leaderboard kept in memory', () => {
  it('serves one computation until a transaction finishes or its lifetime ends', async () => {
    const { cache, state } = setUp();
    expect((await cache.get()).rows[0]?.total).toBe(1);
    state.total = 2;
    state.now = LEADERBOARD_CACHE_MS - 1;
    expect((await cache.get()).rows[0]?.total).toBe(1);
    expect(state.loads).toBe(1);

    state.transactions++;
    expect((await cache.get()).rows[0]?.total).toBe(2);
    state.total = 3;
    state.now += LEADERBOARD_CACHE_MS;
    expect((await cache.get()).rows[0]?.total).toBe(3);
    expect(state.loads).toBe(3);
  });

  it('shares a computation in progress, and does not keep one that a transaction finished during', async () => {
    const t = setUp();
    t.holdNextLoad();
    const first = t.cache.get();
    const second = t.cache.get();
    // A write commits while the computation may already have read the old rows.
    t.state.total = 2;
    t.state.transactions++;
    t.stopHolding();
    expect((await first).rows[0]?.total).toBe(1);
    expect((await second).rows[0]?.total).toBe(1);
    expect(t.state.loads).toBe(1);
    expect((await t.cache.get()).rows[0]?.total).toBe(2);
    expect(t.state.loads).toBe(2);
  });

  it('starts a new computation for a caller once a transaction finished, not joining the older one', async () => {
    const t = setUp();
    t.holdNextLoad();
    const before = t.cache.get();
    t.state.total = 2;
    t.state.transactions++;
    const after = t.cache.get();
    t.stopHolding();
    expect((await before).rows[0]?.total).toBe(1);
    expect((await after).rows[0]?.total).toBe(2);
  });

  it('keeps a fresh computation asked for by a caller the kept one missed', async () => {
    const { cache, state } = setUp();
    await cache.get();
    state.total = 5;
    expect((await cache.fresh()).rows[0]?.total).toBe(5);
    expect((await cache.get()).rows[0]?.total).toBe(5);
    expect(state.loads).toBe(2);
  });

  it('counts the users above a total once per computation, and again for a new one', async () => {
    const counted: number[] = [];
    const count = async (total: number) => {
      counted.push(total);
      return 1000 - total;
    };
    const board = boardOf(900);
    expect(await aboveOn(board, 10, count)).toBe(990);
    expect(await aboveOn(board, 10, count)).toBe(990);
    expect(await aboveOn(board, 11, count)).toBe(989);
    expect(counted).toEqual([10, 11]);
    // A new computation (after a transaction or the lifetime) starts with no counts.
    expect(await aboveOn(boardOf(900), 10, count)).toBe(990);
    expect(counted).toEqual([10, 11, 10]);
  });
});
