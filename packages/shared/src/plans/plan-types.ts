/**
 * Training plans (docs/product.md, "Training plans"): the words the catalogue, the progression and
 * the calendar share. Every plan is a list of sessions, one per training day; the user's place in it
 * is a position that moves only when a workout is done.
 */

export const PLAN_IDS = ['hundred', 'thirty-day', 'daily', 'custom'] as const;
/**
 * - `hundred`: 100 in a row in 6 weeks, three training days a week, five sets a day, a retest at the
 *   end of weeks 2 and 4 and a final test; three levels chosen by the placement test.
 * - `thirty-day`: every day for 30 days, rising daily totals split into sets; three levels.
 * - `daily`: a habit without end: `daily.total` push-ups a day in `daily.sets` sets.
 * - `custom`: without end: `custom.sets` sets of `custom.reps` with `custom.restSeconds` of rest.
 */
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_LEVELS = [1, 2, 3] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** Weekdays as JavaScript counts them: 0 is Sunday, 6 is Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What the user chose when starting a plan (stored as chosen; the level may change later). */
export interface PlanSettings {
  planId: PlanId;
  level: PlanLevel;
  /** The first day of the plan, YYYY-MM-DD in the user's zone. */
  startDay: string;
  /** The training weekdays, ascending, without repeats; every day for `thirty-day`. */
  weekdays: Weekday[];
  /** For `daily` only. */
  daily?: { total: number; sets: number } | undefined;
  /** For `custom` only. */
  custom?: { sets: number; reps: number; restSeconds: number } | undefined;
}

/** One set of a session. */
export interface PlanSet {
  reps: number;
  /** The rest after this set before the next one; 0 after the last set. */
  restSeconds: number;
  /** The last set of a `hundred` day and every test: as many as you can, at least `reps`. */
  atLeast: boolean;
}

/** One training day's workout: `week` and `day` count from 1 (day 2 of week 3). */
export interface PlanSession {
  /** Its position in the plan, from 0. */
  index: number;
  week: number;
  day: number;
  /** `retest`: one set as many as you can; `reps` is what moves the user on. */
  kind: 'training' | 'retest';
  sets: PlanSet[];
}

export type PlanStatus = 'active' | 'paused' | 'finished' | 'abandoned';

/**
 * What a finished workout or a retest did to the plan, kept so that the app can say why:
 * - `done`: every target met, on to the next session;
 * - `repeat-day`: a target missed, the same session next time;
 * - `moved-on`: a retest passed;
 * - `repeat-week`: a retest below its target, the week's first session next;
 * - `dropped-level`: a retest far below its target, one level down, the week's first session next;
 * - `finished`: the last session done.
 */
export type PlanOutcomeKind =
  | 'done'
  | 'repeat-day'
  | 'moved-on'
  | 'repeat-week'
  | 'dropped-level'
  | 'finished';

export interface PlanOutcome {
  kind: PlanOutcomeKind;
  /** The session the workout was for. */
  session: number;
  /** The day it was done, YYYY-MM-DD in the user's zone. */
  day: string;
}

/** Where the user stands in their plan. */
export interface PlanProgress {
  /** The next session to do. */
  position: number;
  level: PlanLevel;
  status: PlanStatus;
  /**
   * The pauses, oldest first, at most the last 20: from the day a pause began to the day before the
   * plan was resumed (`to` null while paused). Days in a pause are neither missed nor planned.
   */
  pauses: { from: string; to: string | null }[];
  /** What the last workout did, null before the first. */
  lastOutcome: PlanOutcome | null;
}

/** A workout as the progression and the calendar see it. */
export interface WorkoutResult {
  /** The session it was for. */
  session: number;
  /** YYYY-MM-DD in the user's zone. */
  day: string;
  /** Reps done in each set, in order. */
  sets: number[];
}

/** A day of the plan's calendar. */
export type PlanDayState = 'done' | 'missed' | 'today' | 'upcoming' | 'rest' | 'paused';

export interface PlanCalendarDay {
  day: string;
  state: PlanDayState;
  /** The session done on it (`done`) or planned for it (`today`, `upcoming`); null otherwise. */
  session: number | null;
}
