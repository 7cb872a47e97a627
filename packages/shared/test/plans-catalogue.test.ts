import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_BANDS,
  PLAN_CATALOGUE,
  PLAN_IDS,
  type PlanLevel,
  type PlanSession,
  type PlanSettings,
  proposePlan,
  sessionAt,
  sessionCount,
  splitEvenly,
  trainingWeekdays,
} from '../src';

/** The catalogue's numbers (docs/product.md, "Training plans"). */

const hundred: PlanSettings = { planId: 'hundred', level: 1, startDay: '2026-03-02', weekdays: [1, 3, 5] };
const thirtyDay: PlanSettings = {
  planId: 'thirty-day',
  level: 1,
  startDay: '2026-03-02',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
};

const reps = (session: PlanSession) => session.sets.map((set) => set.reps);
const total = (session: PlanSession) => reps(session).reduce((sum, count) => sum + count, 0);
const allSessions = (settings: PlanSettings, level: PlanLevel) =>
  Array.from({ length: sessionCount(settings) ?? 0 }, (_, i) => sessionAt(settings, level, i));
const levels: PlanLevel[] = [1, 2, 3];

describe('the catalogue', () => {
  it('names every plan once, in the order of PLAN_IDS', () => {
    expect(PLAN_CATALOGUE.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
    expect(PLAN_CATALOGUE.map((plan) => plan.name)).toEqual([
      '100 in a row in 6 weeks',
      '30-day challenge',
      'Daily habit',
      'Custom',
    ]);
    expect(PLAN_CATALOGUE.map((plan) => plan.levels.length)).toEqual([3, 3, 1, 1]);
  });

  it('counts 21 sessions for the hundred plan, 30 for the 30-day challenge, none for endless plans', () => {
    expect(sessionCount(hundred)).toBe(21);
    expect(sessionCount(thirtyDay)).toBe(30);
    expect(sessionCount({ ...hundred, planId: 'daily', daily: { total: 50, sets: 5 } })).toBeNull();
    expect(
      sessionCount({ ...hundred, planId: 'custom', custom: { sets: 3, reps: 10, restSeconds: 45 } }),
    ).toBeNull();
  });

  it('throws outside a plan with an end', () => {
    expect(() => sessionAt(hundred, 1, 21)).toThrow(RangeError);
    expect(() => sessionAt(thirtyDay, 1, -1)).toThrow(RangeError);
    expect(() => sessionAt(thirtyDay, 1, 1.5)).toThrow(RangeError);
  });
});

describe('100 in a row in 6 weeks', () => {
  it('starts level 1 as the classic programme does: 2, 3, 2, 2, 3+ with 60 s of rest', () => {
    expect(sessionAt(hundred, 1, 0)).toEqual({
      index: 0,
      week: 1,
      day: 1,
      kind: 'training',
      sets: [
        { reps: 2, restSeconds: 60, atLeast: false },
        { reps: 3, restSeconds: 60, atLeast: false },
        { reps: 2, restSeconds: 60, atLeast: false },
        { reps: 2, restSeconds: 60, atLeast: false },
        { reps: 3, restSeconds: 0, atLeast: true },
      ],
    });
    expect(reps(sessionAt(hundred, 2, 0))).toEqual([6, 7, 5, 5, 6]);
    expect(reps(sessionAt(hundred, 3, 0))).toEqual([10, 12, 8, 8, 11]);
  });

  it('has five sets every training day, the last one "at least", rest 60 s, 90 s, then 120 s', () => {
    for (const level of levels) {
      for (const session of allSessions(hundred, level).filter((s) => s.kind === 'training')) {
        expect(session.sets).toHaveLength(5);
        expect(session.sets.map((set) => set.atLeast)).toEqual([false, false, false, false, true]);
        const rest = session.week <= 2 ? 60 : session.week <= 4 ? 90 : 120;
        expect(session.sets.map((set) => set.restSeconds)).toEqual([rest, rest, rest, rest, 0]);
      }
    }
  });

  it('lays out weeks of three days and a test on a fourth day closing weeks 2, 4 and 6', () => {
    const layout = allSessions(hundred, 1).map((s) => `${s.week}.${s.day}${s.kind === 'retest' ? 't' : ''}`);
    expect(layout).toEqual([
      ...['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '2.4t'],
      ...['3.1', '3.2', '3.3', '4.1', '4.2', '4.3', '4.4t'],
      ...['5.1', '5.2', '5.3', '6.1', '6.2', '6.3', '6.4t'],
    ]);
  });

  it('tests with one set "at least" what moves the user on, and 100 in a row at the end', () => {
    expect(sessionAt(hundred, 1, 6).sets).toEqual([{ reps: 12, restSeconds: 0, atLeast: true }]);
    const tests = (level: PlanLevel) => [6, 13, 20].map((i) => reps(sessionAt(hundred, level, i)));
    expect(tests(1)).toEqual([[12], [24], [100]]);
    expect(tests(2)).toEqual([[18], [38], [100]]);
    expect(tests(3)).toEqual([[29], [51], [100]]);
  });

  it('rises every training day within a level, and level 3 asks more than level 2 than level 1', () => {
    for (const level of levels) {
      const totals = allSessions(hundred, level)
        .filter((s) => s.kind === 'training')
        .map(total);
      for (let i = 1; i < totals.length; i += 1) expect(totals[i]).toBeGreaterThan(totals[i - 1] as number);
    }
    for (let i = 0; i < 21; i += 1) {
      expect(total(sessionAt(hundred, 3, i))).toBeGreaterThanOrEqual(total(sessionAt(hundred, 2, i)));
      expect(total(sessionAt(hundred, 2, i))).toBeGreaterThanOrEqual(total(sessionAt(hundred, 1, i)));
    }
    expect(reps(sessionAt(hundred, 1, 19))).toEqual([32, 40, 26, 26, 36]);
    expect(reps(sessionAt(hundred, 3, 19))).toEqual([48, 60, 39, 39, 54]);
  });

  it('reads the level it is given, not the level the plan started with', () => {
    expect(sessionAt(hundred, 3, 0)).toEqual(sessionAt({ ...hundred, level: 3 }, 3, 0));
  });
});

describe('30-day challenge', () => {
  it('has 30 sessions, one a day, in weeks of 7', () => {
    const sessions = allSessions(thirtyDay, 1);
    expect(sessions).toHaveLength(30);
    expect(sessions.map((s) => [s.week, s.day])[29]).toEqual([5, 2]);
    expect(sessions.every((s) => s.kind === 'training')).toBe(true);
  });

  it('rises from 8 to 50, 20 to 100 and 40 to 150 a day, in 4, then 5, then 6 sets of 60 s rest', () => {
    expect([1, 2, 3].map((level) => total(sessionAt(thirtyDay, level as PlanLevel, 0)))).toEqual([8, 20, 40]);
    expect([1, 2, 3].map((level) => total(sessionAt(thirtyDay, level as PlanLevel, 29)))).toEqual([
      50, 100, 150,
    ]);
    expect(reps(sessionAt(thirtyDay, 1, 0))).toEqual([2, 2, 2, 2]);
    expect(reps(sessionAt(thirtyDay, 2, 10))).toEqual([10, 10, 10, 9, 9]);
    expect(reps(sessionAt(thirtyDay, 3, 29))).toEqual([25, 25, 25, 25, 25, 25]);
    expect(sessionAt(thirtyDay, 1, 20).sets.map((set) => set.restSeconds)).toEqual([60, 60, 60, 60, 60, 0]);
    for (const level of levels) {
      const totals = allSessions(thirtyDay, level).map(total);
      for (let i = 1; i < 30; i += 1) expect(totals[i]).toBeGreaterThan(totals[i - 1] as number);
      for (let i = 0; i < 30; i += 1)
        expect(sessionAt(thirtyDay, level, i).sets).toHaveLength(4 + Math.floor(i / 10));
    }
    expect(total(sessionAt(thirtyDay, 3, 12))).toBeGreaterThan(total(sessionAt(thirtyDay, 1, 12)));
  });
});

describe('plans without end', () => {
  const daily: PlanSettings = {
    planId: 'daily',
    level: 1,
    startDay: '2026-03-02',
    weekdays: [5, 1, 3, 1],
    daily: { total: 62, sets: 4 },
  };

  it('splits the daily total evenly, the bigger sets first: 62 in 4 is 16, 16, 15, 15', () => {
    expect(sessionAt(daily, 1, 0).sets).toEqual([
      { reps: 16, restSeconds: 60, atLeast: false },
      { reps: 16, restSeconds: 60, atLeast: false },
      { reps: 15, restSeconds: 60, atLeast: false },
      { reps: 15, restSeconds: 0, atLeast: false },
    ]);
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitEvenly(10, 1)).toEqual([10]);
  });

  it('counts weeks by the training weekdays (3 here, repeats ignored)', () => {
    expect([0, 2, 3, 7].map((i) => [sessionAt(daily, 1, i).week, sessionAt(daily, 1, i).day])).toEqual([
      [1, 1],
      [1, 3],
      [2, 1],
      [3, 2],
    ]);
    expect(sessionAt(daily, 1, 500).index).toBe(500);
  });

  it('makes a custom day of its sets x reps with its own rest', () => {
    const custom: PlanSettings = {
      planId: 'custom',
      level: 1,
      startDay: '2026-03-02',
      weekdays: [2, 4],
      custom: { sets: 3, reps: 12, restSeconds: 45 },
    };
    expect(sessionAt(custom, 1, 4)).toEqual({
      index: 4,
      week: 3,
      day: 1,
      kind: 'training',
      sets: [
        { reps: 12, restSeconds: 45, atLeast: false },
        { reps: 12, restSeconds: 45, atLeast: false },
        { reps: 12, restSeconds: 0, atLeast: false },
      ],
    });
  });
});

describe('training weekdays', () => {
  it('sorts and dedupes the chosen days, and trains every day in the 30-day challenge', () => {
    expect(trainingWeekdays('hundred', [5, 1, 3, 1])).toEqual([1, 3, 5]);
    expect(trainingWeekdays('custom', [6, 0])).toEqual([0, 6]);
    expect(trainingWeekdays('thirty-day', [1])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('proposePlan', () => {
  it.each([
    [0, 'thirty-day', 1],
    [2, 'thirty-day', 1],
    [3, 'hundred', 1],
    [5, 'hundred', 1],
    [6, 'hundred', 2],
    [10, 'hundred', 2],
    [11, 'hundred', 3],
    [20, 'hundred', 3],
    [45, 'hundred', 3],
    [99, 'hundred', 3],
    [100, 'daily', 1],
    [1000, 'daily', 1],
  ])('%i in a row proposes %s level %i', (count, planId, level) => {
    expect(proposePlan(count)).toEqual({ planId, level });
  });

  it('keeps its bands in ascending order', () => {
    expect(PLACEMENT_BANDS.map((band) => band.max)).toEqual([2, 5, 10, 99, Number.POSITIVE_INFINITY]);
  });
});
