import type { Streak } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { streakWithWaiting } from '@/features/habits/streak-with-waiting';

// A set logged offline carries the streak on at once (docs/product.md, "Offline"), as the server's
// answer will once it has the entry. 2026-11-25 is a Wednesday; its week starts on Sunday the 22nd.

const streak = (extra: Partial<Streak>): Streak => ({
  today: '2026-11-25',
  restDaysPerWeek: 0,
  current: 0,
  currentStart: null,
  currentEnd: null,
  todayLogged: false,
  restDaysUsedThisWeek: 0,
  longest: 0,
  longestStart: null,
  longestEnd: null,
  ...extra,
});

describe('streakWithWaiting', () => {
  it('leaves the server’s streak as it is with nothing waiting, or only days it already holds', () => {
    const held = streak({
      current: 2,
      currentStart: '2026-11-24',
      currentEnd: '2026-11-25',
      todayLogged: true,
    });
    expect(streakWithWaiting(held, [])).toBe(held);
    expect(streakWithWaiting(held, ['2026-11-25', '2026-11-24'])).toBe(held);
  });

  it('a first set today starts a 1-day streak, the longest too', () => {
    expect(streakWithWaiting(streak({}), ['2026-11-25', '2026-11-25'])).toMatchObject({
      current: 1,
      currentStart: '2026-11-25',
      currentEnd: '2026-11-25',
      todayLogged: true,
      longest: 1,
      longestStart: '2026-11-25',
    });
  });

  it('today carries on a streak that reached yesterday', () => {
    const before = streak({
      current: 2,
      currentStart: '2026-11-23',
      currentEnd: '2026-11-24',
      longest: 5,
      longestStart: '2026-10-01',
      longestEnd: '2026-10-05',
    });
    expect(streakWithWaiting(before, ['2026-11-25'])).toMatchObject({
      current: 3,
      currentStart: '2026-11-23',
      currentEnd: '2026-11-25',
      todayLogged: true,
      longest: 5,
      longestStart: '2026-10-01',
    });
  });

  it('with rest days: today after a rest day keeps the rest day used; a waiting day in the gap gives it back', () => {
    // Push-ups Sunday and Monday, Tuesday empty (the week's one rest day), today Wednesday.
    const before = streak({
      restDaysPerWeek: 1,
      current: 2,
      currentStart: '2026-11-22',
      currentEnd: '2026-11-23',
      restDaysUsedThisWeek: 1,
    });
    expect(streakWithWaiting(before, ['2026-11-25'])).toMatchObject({
      current: 4,
      currentEnd: '2026-11-25',
      restDaysUsedThisWeek: 1,
    });
    expect(streakWithWaiting(before, ['2026-11-24'])).toMatchObject({
      current: 3,
      currentEnd: '2026-11-24',
      todayLogged: false,
      restDaysUsedThisWeek: 0,
    });
  });

  it('with no streak, waiting days ending yesterday or today make one; older ones or days ahead do not', () => {
    expect(streakWithWaiting(streak({}), ['2026-11-23', '2026-11-24'])).toMatchObject({
      current: 2,
      currentStart: '2026-11-23',
      currentEnd: '2026-11-24',
      todayLogged: false,
    });
    expect(streakWithWaiting(streak({}), ['2026-11-20'])).toMatchObject({ current: 0 });
    expect(streakWithWaiting(streak({}), ['2026-11-26'])).toMatchObject({ current: 0, todayLogged: false });
  });
});
