/**
 * The calendar arithmetic of streaks and records (docs/product.md, "Streaks", "Personal records"):
 * pure functions on `YYYY-MM-DD` days, with 0, 1 and 2 rest days a week. November 2026 starts on a
 * Sunday: 2026-11-01, -08, -15, -22 and -29 are Sundays, -07, -14, -21 and -28 Saturdays.
 */
import { addDays, weekStartOf } from '@pushup/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentStreak,
  type DayTotal,
  dayNumber,
  dayOf,
  longestRun,
  recordsOf,
  streakOf,
  weekStart,
} from '../src/services/habits/streaks';

/** Days of November 2026 with push-ups (10 each unless given as [day, total]). */
function nov(...days: (number | [number, number])[]): DayTotal[] {
  return days.map((d) => {
    const [n, total] = typeof d === 'number' ? [d, 10] : d;
    return { day: `2026-11-${String(n).padStart(2, '0')}`, total };
  });
}
const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;

describe('weeks', () => {
  it('start on Sunday', () => {
    expect(weekStart('2026-11-01')).toBe('2026-11-01');
    expect(weekStart('2026-11-07')).toBe('2026-11-01');
    expect(weekStart('2026-11-08')).toBe('2026-11-08');
    expect(weekStart('2026-11-24')).toBe('2026-11-22');
    expect(weekStart('2025-01-01')).toBe('2024-12-29');
    // A week across a month and a year.
    expect(weekStart('2027-01-02')).toBe('2026-12-27');
  });
});

describe('day numbers', () => {
  it('count days from 1970-01-01 as the calendar does, and turn back into the same day', () => {
    // Every day from 1900 to 2200 (leap years, centuries, 2000) against Date's own calendar.
    const DAY_MS = 86_400_000;
    for (let n = -25_567; n <= 84_000; n++) {
      const text = new Date(n * DAY_MS).toISOString().slice(0, 10);
      if (dayNumber(text) !== n || dayOf(n) !== text) {
        expect({ n, day: text, number: dayNumber(text), back: dayOf(n) }).toEqual({
          n,
          day: text,
          number: n,
          back: text,
        });
      }
    }
  });
});

describe('the longest streak', () => {
  it('is none without a day with push-ups; a day at 0 is no day with push-ups', () => {
    expect(longestRun([], 0)).toBeNull();
    expect(longestRun(nov([3, 0]), 2)).toBeNull();
    expect(longestRun(nov(3), 0)).toEqual({ length: 1, start: day(3), end: day(3) });
  });

  it('without rest days: the longest run of consecutive days, the earliest of equal ones', () => {
    expect(longestRun(nov(2, 3, 4, 6, 7), 0)).toEqual({ length: 3, start: day(2), end: day(4) });
    expect(longestRun(nov(2, 3, 5, 6), 0)).toEqual({ length: 2, start: day(2), end: day(3) });
    expect(longestRun(nov(2, 4, 5, 6, 7), 0)).toEqual({ length: 4, start: day(4), end: day(7) });
    // Order and duplicates of the input do not matter.
    expect(longestRun(nov(7, 5, 6, 6, 4), 0)).toEqual({ length: 4, start: day(4), end: day(7) });
  });

  it('counts a rest day the week allows, and every calendar day of the run', () => {
    // Mon, Tue, (Wed), Thu, Fri of one week.
    const days = nov(2, 3, 5, 6);
    expect(longestRun(days, 0)?.length).toBe(2);
    expect(longestRun(days, 1)).toEqual({ length: 5, start: day(2), end: day(6) });
    expect(longestRun(days, 2)?.length).toBe(5);
  });

  it('breaks where a week holds more rest days than allowed, keeping the longest part', () => {
    // Mon, (Tue), Wed, (Thu), Fri: two rest days in one week.
    const days = nov(2, 4, 6);
    expect(longestRun(days, 0)?.length).toBe(1);
    expect(longestRun(days, 1)).toEqual({ length: 3, start: day(2), end: day(4) });
    expect(longestRun(days, 2)).toEqual({ length: 5, start: day(2), end: day(6) });
    // Three days in a row without: more than 2 in one week.
    expect(longestRun(nov(2, 6), 2)?.length).toBe(1);
  });

  it('allows the rest days per Sunday-to-Saturday week, not per seven days', () => {
    // Fri 6, (Sat 7), (Sun 8), Mon 9: one rest day in each week.
    expect(longestRun(nov(6, 9), 1)).toEqual({ length: 4, start: day(6), end: day(9) });
    expect(longestRun(nov(6, 9), 0)?.length).toBe(1);
    // (Thu 5), (Fri 6), (Sat 7) between Wed 4 and Sun 8: three in one week.
    expect(longestRun(nov(4, 8), 2)?.length).toBe(1);
    // Four weeks with one rest day each (Wednesdays), from Sun 1 to Sat 28.
    const month = Array.from({ length: 28 }, (_, i) => i + 1).filter((n) => n % 7 !== 4);
    expect(longestRun(nov(...month), 1)).toEqual({ length: 28, start: day(1), end: day(28) });
    expect(longestRun(nov(...month), 0)?.length).toBe(6);
  });

  it('starts and ends on days with push-ups: rest days at either end do not count', () => {
    // Rest days allowed on both sides of a lone day still make a 1-day streak.
    expect(longestRun(nov(11), 2)).toEqual({ length: 1, start: day(11), end: day(11) });
    // A window that must give up a rest day starts again on the next day with push-ups, not on the
    // rest day after the one given up. Sun 1, (Mon 2), (Tue 3), Wed 4, Thu 5, (Fri 6), Sat 7, Sun 8,
    // Mon 9 with 2 allowed: week 1 holds 3 rest days, so no run holds both Mon 2 and Fri 6.
    expect(longestRun(nov(1, 4, 5, 7), 2)).toEqual({ length: 5, start: day(1), end: day(5) });
    expect(longestRun(nov(1, 4, 5, 7, 8, 9), 2)).toEqual({ length: 6, start: day(4), end: day(9) });
  });

  it('runs over months and years', () => {
    const days: DayTotal[] = [];
    for (
      let d = Date.parse('2025-12-20T00:00:00Z');
      d <= Date.parse('2026-01-10T00:00:00Z');
      d += 86_400_000
    ) {
      days.push({ day: new Date(d).toISOString().slice(0, 10), total: 1 });
    }
    expect(longestRun(days, 0)).toEqual({ length: 22, start: '2025-12-20', end: '2026-01-10' });
  });
});

describe('the current streak', () => {
  it('with push-ups today: the run that ends today', () => {
    expect(currentStreak(nov(20, 21, 22, 23, 24), 0, day(24))).toEqual({
      current: 5,
      currentStart: day(20),
      currentEnd: day(24),
      todayLogged: true,
      restDaysUsedThisWeek: 0,
    });
  });

  it('without push-ups today: still alive through yesterday (the day is not over)', () => {
    expect(currentStreak(nov(21, 22, 23), 0, day(24))).toEqual({
      current: 3,
      currentStart: day(21),
      currentEnd: day(23),
      todayLogged: false,
      restDaysUsedThisWeek: 0,
    });
  });

  it('without rest days, a day missed before today ends it', () => {
    expect(currentStreak(nov(20, 21, 22), 0, day(24))).toMatchObject({
      current: 0,
      currentStart: null,
      currentEnd: null,
      todayLogged: false,
    });
    expect(currentStreak([], 2, day(24))).toMatchObject({ current: 0, todayLogged: false });
  });

  it('with a rest day the week allows: logged Monday, nothing Tuesday, today Wednesday is alive', () => {
    // Sun 22, Mon 23, (Tue 24), today Wed 25.
    const days = nov(22, 23);
    expect(currentStreak(days, 1, day(25))).toEqual({
      current: 2,
      currentStart: day(22),
      currentEnd: day(23),
      todayLogged: false,
      restDaysUsedThisWeek: 1,
    });
    expect(currentStreak(days, 0, day(25)).current).toBe(0);
    // Nothing Tuesday nor Wednesday, today Thursday: two rest days with one allowed.
    expect(currentStreak(days, 1, day(26)).current).toBe(0);
    expect(currentStreak(days, 2, day(26))).toMatchObject({ current: 2, restDaysUsedThisWeek: 2 });
    // Logged today after the rest day: the rest day is inside the run.
    expect(currentStreak(nov(22, 23, 25), 1, day(25))).toMatchObject({
      current: 4,
      currentStart: day(22),
      currentEnd: day(25),
      todayLogged: true,
      restDaysUsedThisWeek: 1,
    });
  });

  it('counts only this week’s rest days as used, and each week allows its own', () => {
    // Wed 18, (Thu 19), Fri 20, Sat 21, Sun 22, (Mon 23), today Tue 24 logged: one rest day in each
    // week, and one of them in this week.
    const days = nov(18, 20, 21, 22, 24);
    expect(currentStreak(days, 1, day(24))).toMatchObject({
      current: 7,
      currentStart: day(18),
      restDaysUsedThisWeek: 1,
    });
    // Today Sunday 22, not logged yet; yesterday Saturday 21 was a rest day of last week.
    expect(currentStreak(nov(16, 17, 18, 19, 20), 1, day(22))).toMatchObject({
      current: 5,
      currentEnd: day(20),
      restDaysUsedThisWeek: 0,
    });
  });

  it('keeps the part of a run its weeks still allow', () => {
    // Mon 16, (Tue 17), Wed 18, Thu 19, Fri 20, (Sat 21), today Sun 22 not logged: with 1 rest day a
    // week, Tue and Sat are too many for one run, so the streak is Wed to Fri.
    expect(currentStreak(nov(16, 18, 19, 20), 1, day(22))).toMatchObject({
      current: 3,
      currentStart: day(18),
      currentEnd: day(20),
    });
  });

  it('does not count days after today (logged in a zone ahead) yet', () => {
    expect(currentStreak(nov(22, 23, 25), 0, day(24))).toMatchObject({
      current: 2,
      currentEnd: day(23),
      todayLogged: false,
    });
  });

  it('is answered with the longest streak and the rest days', () => {
    expect(streakOf(nov(2, 3, 4, 5, 6, 22, 23), 0, day(24))).toEqual({
      today: day(24),
      restDaysPerWeek: 0,
      current: 2,
      currentStart: day(22),
      currentEnd: day(23),
      todayLogged: false,
      restDaysUsedThisWeek: 0,
      longest: 5,
      longestStart: day(2),
      longestEnd: day(6),
    });
    expect(streakOf([], 1, day(24))).toMatchObject({ current: 0, longest: 0, longestStart: null });
  });
});

describe('personal records', () => {
  it('are empty without days', () => {
    expect(recordsOf([], 0)).toEqual({
      bestDay: null,
      bestWeek: null,
      bestMonth: null,
      total: 0,
      activeDays: 0,
      averagePerActiveDay: 0,
      firstDay: null,
    });
  });

  it('take the best day, week from Sunday and month, each the earliest on ties', () => {
    const days: DayTotal[] = [
      { day: '2026-10-30', total: 40 },
      { day: '2026-10-31', total: 25 }, // Saturday: week of Oct 25 = 65
      { day: '2026-11-01', total: 40 }, // Sunday: a new week and a new month
      { day: '2026-11-02', total: 25 }, // week of Nov 1 = 65, a tie: the earlier week wins
      { day: '2026-11-20', total: 5 }, // November = 70, October = 65
    ];
    expect(recordsOf(days, 135)).toEqual({
      bestDay: { day: '2026-10-30', total: 40 },
      bestWeek: { weekStart: '2026-10-25', total: 65 },
      bestMonth: { month: '2026-11', total: 70 },
      total: 135,
      activeDays: 5,
      averagePerActiveDay: 27,
      firstDay: '2026-10-30',
    });
  });

  it('average one decimal per day with push-ups; days at 0 do not count', () => {
    const days = nov([2, 20], [3, 35], [4, 25], [5, 0]);
    expect(recordsOf(days, 80)).toMatchObject({ activeDays: 3, averagePerActiveDay: 26.7, firstDay: day(2) });
    expect(recordsOf(nov([2, 1], [3, 1], [4, 0]), 2).averagePerActiveDay).toBe(1);
  });
});

describe('against a brute force over every window', () => {
  /** Whether [start, end] holds at most `rest` days without push-ups in each Sunday-to-Saturday week. */
  function valid(active: Set<string>, start: string, end: string, rest: number): boolean {
    const perWeek = new Map<string, number>();
    for (let d = start; d <= end; d = addDays(d, 1)) {
      if (active.has(d)) continue;
      const week = weekStartOf(d);
      perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
      if ((perWeek.get(week) as number) > rest) return false;
    }
    return true;
  }

  const history = fc.record({
    offsets: fc.uniqueArray(fc.integer({ min: 0, max: 45 }), { maxLength: 30 }),
    rest: fc.integer({ min: 0, max: 2 }),
    today: fc.integer({ min: 0, max: 50 }),
  });

  it('finds the longest streak of every history', () => {
    fc.assert(
      fc.property(history, ({ offsets, rest }) => {
        const days = offsets.map((o) => ({ day: addDays('2026-10-28', o), total: 1 }));
        const active = [...new Set(days.map((d) => d.day))].sort();
        const set = new Set(active);
        let best: { length: number; start: string; end: string } | null = null;
        for (const start of active) {
          for (const end of active) {
            if (end < start || !valid(set, start, end, rest)) continue;
            const length = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
            if (!best || length > best.length || (length === best.length && start < best.start)) {
              best = { length, start, end };
            }
          }
        }
        expect(longestRun(days, rest)).toEqual(best);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the current streak of every history and today', () => {
    fc.assert(
      fc.property(history, ({ offsets, rest, today: t }) => {
        const today = addDays('2026-10-28', t);
        const days = offsets.map((o) => ({ day: addDays('2026-10-28', o), total: 1 }));
        const active = [...new Set(days.map((d) => d.day))].filter((d) => d <= today).sort();
        const set = new Set(active);
        const end = set.has(today) ? today : addDays(today, -1);
        const last = active.filter((d) => d <= end).pop();
        // The earliest start with push-ups from which every week up to `end` keeps its allowance.
        const start = active.find((s) => s <= end && valid(set, s, end, rest));
        const streak = currentStreak(days, rest, today);
        if (!start || !last) {
          expect(streak.current).toBe(0);
          return;
        }
        expect(streak).toMatchObject({
          current: Math.round((Date.parse(last) - Date.parse(start)) / 86_400_000) + 1,
          currentStart: start,
          currentEnd: last,
          todayLogged: set.has(today),
        });
        let used = 0;
        const from = [start, weekStartOf(today)].sort()[1] as string;
        for (let d = from; d <= end; d = addDays(d, 1)) if (!set.has(d)) used++;
        expect(streak.restDaysUsedThisWeek).toBe(used);
      }),
      { numRuns: 300 },
    );
  });
});
