import type { PlanId, PlanLevel, PlanSession, PlanSet, PlanSettings, Weekday } from './plan-types';

/**
 * The catalogue of training plans (docs/product.md, "Training plans"): their names, their sessions
 * and the plan a placement test proposes. The English names live here, as the achievements' titles
 * do; the web app translates them by id.
 */

export interface PlanDefinition {
  id: PlanId;
  name: string;
  summary: string;
  /** The levels a user can choose; the plans without levels have only 1. */
  levels: readonly PlanLevel[];
  /** The training weekdays offered when starting it (0 is Sunday). */
  defaultWeekdays: readonly Weekday[];
  /** Whether the user may choose other weekdays (the 30-day challenge trains every day). */
  weekdaysChosen: boolean;
}

const EVERY_DAY: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];
/** The rest between the sets of the 30-day challenge and the daily habit. */
const DAILY_REST_SECONDS = 60;

export const PLAN_CATALOGUE = [
  {
    id: 'hundred',
    name: '100 in a row in 6 weeks',
    summary: 'Three days a week, five sets a day and a test every two weeks, up to 100 push-ups in one set',
    levels: [1, 2, 3],
    // Monday, Wednesday, Friday: a rest day after each training day and the weekend to recover.
    defaultWeekdays: [1, 3, 5],
    weekdaysChosen: true,
  },
  {
    id: 'thirty-day',
    name: '30-day challenge',
    summary: 'Every day for 30 days, a few more push-ups each day, in four to six sets',
    levels: [1, 2, 3],
    defaultWeekdays: EVERY_DAY,
    weekdaysChosen: false,
  },
  {
    id: 'daily',
    name: 'Daily habit',
    summary: 'The same number of push-ups every training day, in the sets you choose, without end',
    levels: [1],
    defaultWeekdays: EVERY_DAY,
    weekdaysChosen: true,
  },
  {
    id: 'custom',
    name: 'Custom',
    summary: 'Your own sets, reps, rest and training days, without end',
    levels: [1],
    defaultWeekdays: [1, 3, 5],
    weekdaysChosen: true,
  },
] as const satisfies readonly PlanDefinition[];

/** The training weekdays of a plan: sorted, each once; every day for the 30-day challenge. */
export function trainingWeekdays(planId: PlanId, chosen: readonly Weekday[]): Weekday[] {
  return EVERY_DAY.filter((weekday) => trainsOn(planId, chosen, weekday));
}

/** Whether the plan trains on `weekday` (trainingWeekdays, without building the list). */
export function trainsOn(planId: PlanId, chosen: readonly Weekday[], weekday: number): boolean {
  return planId === 'thirty-day' || chosen.some((training) => training === weekday);
}

/**
 * What a placement test's one set proposes, by the most push-ups in a row (`max` inclusive). The
 * hundred plan's levels follow the classic hundred-push-ups programme's week-1 columns: 5 or less,
 * 6 to 10, 11 to 20 (more than 20 starts at its hardest column too). Below 3 its very first day asks
 * for a set of 3, more than the person can do yet: the 30-day challenge's level 1 starts with sets
 * of 2 and builds the base. From 100 on the goal is already reached: a daily habit keeps it.
 */
export const PLACEMENT_BANDS = [
  { max: 2, planId: 'thirty-day', level: 1 },
  { max: 5, planId: 'hundred', level: 1 },
  { max: 10, planId: 'hundred', level: 2 },
  { max: 99, planId: 'hundred', level: 3 },
  { max: Number.POSITIVE_INFINITY, planId: 'daily', level: 1 },
] as const satisfies readonly { max: number; planId: PlanId; level: PlanLevel }[];

/** The plan and level a placement test of `count` push-ups in a row proposes. */
export function proposePlan(count: number): { planId: PlanId; level: PlanLevel } {
  const band = PLACEMENT_BANDS.find((candidate) => count <= candidate.max) ?? PLACEMENT_BANDS[0];
  return { planId: band.planId, level: band.level };
}

/** How many sessions a plan has; null for a plan without end (`daily`, `custom`). */
export function sessionCount(settings: PlanSettings): number | null {
  switch (settings.planId) {
    case 'hundred':
      return HUNDRED_LAYOUT.length;
    case 'thirty-day':
      return THIRTY_DAY_TOTALS[1].length;
    default:
      return null;
  }
}

/**
 * The session at position `index` (from 0) at `level` (the progress's level, which may differ from
 * the level the plan was started with). Throws a RangeError outside the plan.
 */
export function sessionAt(settings: PlanSettings, level: PlanLevel, index: number): PlanSession {
  const count = sessionCount(settings);
  if (!Number.isInteger(index) || index < 0 || (count !== null && index >= count)) {
    throw new RangeError(`No session ${index} in plan ${settings.planId}`);
  }
  switch (settings.planId) {
    case 'hundred':
      return hundredSession(level, index);
    case 'thirty-day':
      return thirtyDaySession(level, index);
    case 'daily': {
      const daily = settings.daily ?? { total: 0, sets: 1 };
      return endlessSession(settings, index, splitEvenly(daily.total, daily.sets), DAILY_REST_SECONDS);
    }
    case 'custom': {
      const custom = settings.custom ?? { sets: 1, reps: 0, restSeconds: DAILY_REST_SECONDS };
      const reps = Array.from({ length: custom.sets }, () => custom.reps);
      return endlessSession(settings, index, reps, custom.restSeconds);
    }
  }
}

/** `total` in `sets` sets as even as can be, the bigger ones first: 62 in 4 is 16, 16, 15, 15. */
export function splitEvenly(total: number, sets: number): number[] {
  const count = Math.max(1, sets);
  const base = Math.floor(total / count);
  const bigger = total - base * count;
  return Array.from({ length: count }, (_, i) => (i < bigger ? base + 1 : base));
}

/** Sets of `reps` with `restSeconds` after each but the last (nothing follows it to rest for). */
function restedSets(reps: readonly number[], restSeconds: number, lastAtLeast: boolean): PlanSet[] {
  return reps.map((count, i) => {
    const last = i === reps.length - 1;
    return { reps: count, restSeconds: last ? 0 : restSeconds, atLeast: last && lastAtLeast };
  });
}

// --- 100 in a row in 6 weeks ---------------------------------------------------------------------

/**
 * Each training day's biggest set, per level, 3 days a week for 6 weeks. The shape follows the
 * classic hundred-push-ups programme (hundredpushups.com): levels by its week-1 columns, five sets
 * with the second the biggest, the middle two lighter and the last as many as you can, a test after
 * week 2 and week 4 and a final test of 100 in a row. The numbers are ours: from the first day of
 * about that programme's column (level 1 begins 2, 3, 2, 2, 3+) they grow by about 16 % (level 1),
 * 12 % (level 2) and 10 % (level 3) a training day, so that each level's last day asks a set about 40 %
 * (level 1) to 60 % (level 3) of the final 100.
 */
const HUNDRED_PEAKS: Record<PlanLevel, readonly number[]> = {
  1: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 19, 22, 25, 29, 34, 40],
  2: [7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 25, 28, 31, 35, 40, 45, 50],
  3: [12, 13, 15, 16, 18, 19, 21, 23, 26, 28, 31, 34, 37, 41, 45, 50, 55, 60],
};

/**
 * What a test moves the user on with: after week 2 and week 4 one and a half times the biggest set
 * of the week's last day (a fresh set, after a rest day, goes well beyond a fifth set); at the end
 * 100, the programme's goal.
 */
const HUNDRED_TESTS: Record<PlanLevel, readonly [number, number, number]> = {
  1: [12, 24, 100],
  2: [18, 38, 100],
  3: [29, 51, 100],
};

/** Rest between sets by week: 60 s in weeks 1-2, 90 s in weeks 3-4, 120 s in weeks 5-6. */
const hundredRest = (week: number) => (week <= 2 ? 60 : week <= 4 ? 90 : 120);

type HundredSlot = { week: number; day: number } & (
  | { kind: 'training'; peak: number }
  | { kind: 'retest'; test: 0 | 1 | 2 }
);

/** The 21 sessions: weeks of 3 training days, a fourth day with a test closing weeks 2, 4 and 6. */
const HUNDRED_LAYOUT: readonly HundredSlot[] = [1, 2, 3, 4, 5, 6].flatMap((week) => {
  const days: HundredSlot[] = [1, 2, 3].map((day) => ({
    week,
    day,
    kind: 'training',
    peak: (week - 1) * 3 + day - 1,
  }));
  if (week % 2 === 0) days.push({ week, day: 4, kind: 'retest', test: (week / 2 - 1) as 0 | 1 | 2 });
  return days;
});

function hundredSession(level: PlanLevel, index: number): PlanSession {
  const slot = HUNDRED_LAYOUT[index] as HundredSlot;
  const base = { index, week: slot.week, day: slot.day };
  if (slot.kind === 'retest') {
    const reps = HUNDRED_TESTS[level][slot.test];
    return { ...base, kind: 'retest', sets: [{ reps, restSeconds: 0, atLeast: true }] };
  }
  const peak = HUNDRED_PEAKS[level][slot.peak] as number;
  const lighter = Math.round(peak * 0.65);
  const reps = [Math.round(peak * 0.8), peak, lighter, lighter, Math.round(peak * 0.9)];
  return { ...base, kind: 'training', sets: restedSets(reps, hundredRest(slot.week), true) };
}

// --- 30-day challenge ----------------------------------------------------------------------------

/**
 * Each level's daily total rises evenly from its first to its thirtieth day: 8 to 50 (sets of 2 on
 * day 1, for someone who manages 2 in a row), 20 to 100, 40 to 150. Four sets in days 1-10, five in
 * days 11-20, six in days 21-30, with 60 s of rest, so that a set stays within reach as the total grows.
 */
const THIRTY_DAY_RANGE: Record<PlanLevel, readonly [number, number]> = {
  1: [8, 50],
  2: [20, 100],
  3: [40, 150],
};

const THIRTY_DAY_TOTALS: Record<PlanLevel, readonly number[]> = {
  1: thirtyDayTotals(1),
  2: thirtyDayTotals(2),
  3: thirtyDayTotals(3),
};

function thirtyDayTotals(level: PlanLevel): number[] {
  const [first, last] = THIRTY_DAY_RANGE[level];
  return Array.from({ length: 30 }, (_, day) => Math.round(first + ((last - first) * day) / 29));
}

function thirtyDaySession(level: PlanLevel, index: number): PlanSession {
  const total = THIRTY_DAY_TOTALS[level][index] as number;
  const sets = 4 + Math.floor(index / 10);
  return {
    index,
    week: Math.floor(index / 7) + 1,
    day: (index % 7) + 1,
    kind: 'training',
    sets: restedSets(splitEvenly(total, sets), DAILY_REST_SECONDS, false),
  };
}

// --- Plans without end ---------------------------------------------------------------------------

/** A session of a plan without end: its weeks are as long as its training weekdays are many. */
function endlessSession(
  settings: PlanSettings,
  index: number,
  reps: readonly number[],
  restSeconds: number,
): PlanSession {
  const perWeek = Math.max(1, trainingWeekdays(settings.planId, settings.weekdays).length);
  return {
    index,
    week: Math.floor(index / perWeek) + 1,
    day: (index % perWeek) + 1,
    kind: 'training',
    sets: restedSets(reps, restSeconds, false),
  };
}
