/**
 * The cached leaderboard (reads/leaderboard.ts): the users above a total counted once per cached
 * board. When a cached board may serve the next callers is in short-lived-cache.test.ts; the
 * database side is in processes.test.ts and pushups.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { aboveOn, cachedBoard } from '../../src/reads/leaderboard';

function boardOf(total: number) {
  return cachedBoard([{ user_uuid: 'u', username: 'u', username_lower: 'u', total }]);
}

describe('the cached leaderboard', () => {
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
