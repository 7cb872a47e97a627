import { describe, expect, it } from 'vitest';
import {
  abandonPlan,
  applyWorkout,
  changeLevel,
  type PlanProgress,
  PlanRuleError,
  type PlanSettings,
  pausePlan,
  resumePlan,
  startProgress,
} from '../src';

/** How a plan moves (docs/product.md, "Training plans"): every branch of the progression. */

const hundred: PlanSettings = { planId: 'hundred', level: 2, startDay: '2026-03-02', weekdays: [1, 3, 5] };
const thirtyDay: PlanSettings = {
  planId: 'thirty-day',
  level: 1,
  startDay: '2026-03-02',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
};
const daily: PlanSettings = {
  planId: 'daily',
  level: 1,
  startDay: '2026-03-02',
  weekdays: [1, 3, 5],
  daily: { total: 62, sets: 4 },
};

const at = (position: number, level: PlanProgress['level'] = 2): PlanProgress => ({
  ...startProgress(hundred),
  position,
  level,
});

/** Expects `run` to throw a PlanRuleError with `code`. */
function expectRule(run: () => unknown, code: PlanRuleError['code']) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlanRuleError);
    expect((error as PlanRuleError).code).toBe(code);
    return;
  }
  expect.fail(`expected PlanRuleError ${code}`);
}

describe('startProgress', () => {
  it('starts at the first session, active, at the chosen level, without pauses or outcome', () => {
    expect(startProgress(hundred)).toEqual({
      position: 0,
      level: 2,
      status: 'active',
      pauses: [],
      lastOutcome: null,
    });
  });
});

describe('a training session', () => {
  it('is done when every set reaches its target, the last one "at least": on to the next session', () => {
    // Level 2, week 1 day 1: 6, 7, 5, 5, 6+.
    const { progress, outcome } = applyWorkout(hundred, at(0), {
      session: 0,
      day: '2026-03-02',
      sets: [6, 7, 5, 5, 11],
    });
    expect(outcome).toEqual({ kind: 'done', session: 0, day: '2026-03-02' });
    expect(progress).toEqual({ ...at(1), lastOutcome: outcome });
  });

  it('repeats the day when a target is missed, by one rep in any set, or a set is left out', () => {
    // Level 2, week 2 day 2: 9, 11, 7, 7, 10+.
    for (const sets of [
      [9, 11, 7, 7, 9],
      [9, 10, 7, 7, 20],
      [9, 11, 7, 7],
    ]) {
      const { progress, outcome } = applyWorkout(hundred, at(4), { session: 4, day: '2026-03-11', sets });
      expect(outcome).toEqual({ kind: 'repeat-day', session: 4, day: '2026-03-11' });
      expect(progress).toEqual({ ...at(4), lastOutcome: outcome });
    }
    expect(
      applyWorkout(hundred, at(4), { session: 4, day: '2026-03-11', sets: [9, 11, 7, 7, 10] }).outcome.kind,
    ).toBe('done');
  });

  it('finishes the 30-day challenge with its 30th session', () => {
    const progress = { ...startProgress(thirtyDay), position: 29 };
    // Day 30 at level 1: 50 in six sets, 9, 9, 8, 8, 8, 8.
    const result = applyWorkout(thirtyDay, progress, {
      session: 29,
      day: '2026-03-31',
      sets: [9, 9, 8, 8, 8, 8],
    });
    expect(result.outcome).toEqual({ kind: 'finished', session: 29, day: '2026-03-31' });
    expect(result.progress).toMatchObject({ position: 30, status: 'finished' });
    const missed = applyWorkout(thirtyDay, progress, {
      session: 29,
      day: '2026-03-31',
      sets: [9, 9, 8, 8, 8, 7],
    });
    expect(missed.outcome.kind).toBe('repeat-day');
    expect(missed.progress).toMatchObject({ position: 29, status: 'active' });
  });

  it('never finishes a plan without end', () => {
    const progress = { ...startProgress(daily), position: 400 };
    const result = applyWorkout(daily, progress, { session: 400, day: '2028-01-03', sets: [16, 16, 15, 15] });
    expect(result.outcome.kind).toBe('done');
    expect(result.progress).toMatchObject({ position: 401, status: 'active' });
  });
});

describe('a retest', () => {
  // Level 2's test after week 2 (session 6) asks 18; week 2 begins at session 3.
  const retest = (level: PlanProgress['level'], max: number) =>
    applyWorkout(hundred, at(6, level), { session: 6, day: '2026-03-16', sets: [max] });

  it('moves on at or above its target', () => {
    expect(retest(2, 18).outcome).toEqual({ kind: 'moved-on', session: 6, day: '2026-03-16' });
    expect(retest(2, 18).progress).toMatchObject({ position: 7, level: 2, status: 'active' });
    expect(retest(2, 40).progress.position).toBe(7);
  });

  it('repeats the week just done from 80 % of its target (15 of 18 here)', () => {
    expect(retest(2, 17).outcome.kind).toBe('repeat-week');
    expect(retest(2, 15).outcome.kind).toBe('repeat-week');
    expect(retest(2, 15).progress).toMatchObject({ position: 3, level: 2, status: 'active' });
  });

  it('drops a level further below, back to the first session of the week just done', () => {
    expect(retest(2, 14).outcome).toEqual({ kind: 'dropped-level', session: 6, day: '2026-03-16' });
    expect(retest(2, 14).progress).toMatchObject({ position: 3, level: 1, status: 'active' });
    // Level 3's test after week 4 (session 13) asks 51: 40 is below 80 % of it.
    const week4 = applyWorkout(hundred, at(13, 3), { session: 13, day: '2026-03-30', sets: [40] });
    expect(week4.outcome.kind).toBe('dropped-level');
    expect(week4.progress).toMatchObject({ position: 10, level: 2 });
  });

  it('repeats the week instead at level 1, which has no level below', () => {
    // Level 1's test after week 2 asks 12.
    const result = retest(1, 3);
    expect(result.outcome.kind).toBe('repeat-week');
    expect(result.progress).toMatchObject({ position: 3, level: 1 });
  });

  it('finishes the plan with 100 in a row at the final test, and repeats week 6 below it', () => {
    const final = (max: number) =>
      applyWorkout(hundred, at(20), { session: 20, day: '2026-04-13', sets: [max] });
    expect(final(100).outcome.kind).toBe('finished');
    expect(final(100).progress).toMatchObject({ position: 21, status: 'finished' });
    expect(final(85).outcome.kind).toBe('repeat-week');
    expect(final(85).progress).toMatchObject({ position: 17, level: 2, status: 'active' });
    expect(final(60).progress).toMatchObject({ position: 17, level: 1, status: 'active' });
  });
});

describe('workouts the plan does not take', () => {
  it('refuses a workout for another session than the next one', () => {
    expectRule(
      () => applyWorkout(hundred, at(3), { session: 2, day: '2026-03-09', sets: [50] }),
      'wrong-session',
    );
    expectRule(
      () => applyWorkout(hundred, at(3), { session: 4, day: '2026-03-09', sets: [50] }),
      'wrong-session',
    );
  });

  it('refuses a workout on a plan that is paused, finished or abandoned', () => {
    for (const status of ['paused', 'finished', 'abandoned'] as const) {
      expectRule(
        () => applyWorkout(hundred, { ...at(3), status }, { session: 3, day: '2026-03-09', sets: [50] }),
        'not-active',
      );
    }
  });
});

describe('pause and resume', () => {
  it('pauses an active plan from today, and resumes it with the pause ending yesterday', () => {
    const paused = pausePlan(at(5), '2026-03-13');
    expect(paused).toMatchObject({
      status: 'paused',
      position: 5,
      pauses: [{ from: '2026-03-13', to: null }],
    });
    // Across the week boundary: Friday to the Monday after next.
    const resumed = resumePlan(paused, '2026-03-23');
    expect(resumed).toMatchObject({
      status: 'active',
      position: 5,
      pauses: [{ from: '2026-03-13', to: '2026-03-22' }],
    });
  });

  it('forgets a pause resumed on the day it began', () => {
    const resumed = resumePlan(pausePlan(at(5), '2026-03-13'), '2026-03-13');
    expect(resumed).toMatchObject({ status: 'active', pauses: [] });
  });

  it('keeps the last 20 pauses', () => {
    let progress = at(0);
    for (let i = 0; i < 25; i += 1) {
      const day = `2026-05-${String(i + 1).padStart(2, '0')}`;
      progress = pausePlan(progress, day);
      progress = resumePlan(progress, `2026-06-${String(i + 1).padStart(2, '0')}`);
    }
    expect(progress.pauses).toHaveLength(20);
    expect(progress.pauses[0]).toEqual({ from: '2026-05-06', to: '2026-06-05' });
    expect(pausePlan(progress, '2026-07-01').pauses).toHaveLength(20);
  });

  it('refuses to pause a plan that is not active, and to resume one that is not paused', () => {
    expectRule(() => pausePlan(pausePlan(at(0), '2026-03-02'), '2026-03-03'), 'not-active');
    expectRule(() => pausePlan({ ...at(0), status: 'finished' }, '2026-03-03'), 'not-active');
    expectRule(() => resumePlan(at(0), '2026-03-03'), 'not-active');
    expectRule(() => resumePlan({ ...at(0), status: 'abandoned' }, '2026-03-03'), 'not-active');
  });
});

describe('level and abandon', () => {
  it('changes the level of an active or paused plan at the same position', () => {
    expect(changeLevel(at(8), 3)).toMatchObject({ position: 8, level: 3, status: 'active' });
    expect(changeLevel(pausePlan(at(8), '2026-03-20'), 1)).toMatchObject({ level: 1, status: 'paused' });
    expectRule(() => changeLevel({ ...at(8), status: 'finished' }, 1), 'not-active');
    expectRule(() => changeLevel({ ...at(8), status: 'abandoned' }, 1), 'not-active');
  });

  it('abandons an active or paused plan once', () => {
    expect(abandonPlan(at(8))).toMatchObject({ position: 8, status: 'abandoned' });
    expect(abandonPlan(pausePlan(at(8), '2026-03-20')).status).toBe('abandoned');
    expectRule(() => abandonPlan(abandonPlan(at(8))), 'not-active');
    expectRule(() => abandonPlan({ ...at(8), status: 'finished' }), 'not-active');
  });
});
