import { addDays } from '../days';
import { sessionAt, sessionCount } from './catalogue';
import type {
  PlanLevel,
  PlanOutcome,
  PlanOutcomeKind,
  PlanProgress,
  PlanSession,
  PlanSettings,
  WorkoutResult,
} from './plan-types';

/**
 * How a plan moves (docs/product.md, "Training plans"): a pure function of the plan, where the user
 * stands and what they did. Every day is passed in, in the user's zone; nothing here reads a clock.
 */

/**
 * A change the plan's state does not allow: `not-active` (a workout or an action on a plan that is
 * paused, finished or abandoned, or resuming one that is not paused), `wrong-session` (a workout for
 * another session than the next). The server answers 409.
 */
export class PlanRuleError extends Error {
  readonly code: 'not-active' | 'wrong-session';

  constructor(code: 'not-active' | 'wrong-session', message: string) {
    super(message);
    this.name = 'PlanRuleError';
    this.code = code;
  }
}

/** How many pauses a plan keeps: the oldest go first (the calendar shows weeks, not years). */
const PLAN_PAUSES_KEPT = 20;

/**
 * A retest of at least this share of its target is near enough to pass after one more week (a week
 * of the hundred plan raises its sets by a third to a half); further below, the level's numbers rise too fast for
 * the user, and the level below fits.
 */
const RETEST_REPEAT_SHARE = 0.8;

/** A plan just started: at its first session, active, without pauses. */
export function startProgress(settings: PlanSettings): PlanProgress {
  return { position: 0, level: settings.level, status: 'active', pauses: [], lastOutcome: null };
}

/**
 * What a workout of the session at `progress.position` does. A training session: every set at or
 * above its target (`atLeast` ones too) is `done` and moves on, one short repeats the day. A retest
 * (its first set is the max): at or above its target moves on; from 80 % of it repeats the week just
 * done; below that drops a level (at level 1: repeats the week), back to that week's first session.
 * Done with the last session of a plan with an end: `finished`.
 */
export function applyWorkout(
  settings: PlanSettings,
  progress: PlanProgress,
  workout: WorkoutResult,
): { progress: PlanProgress; outcome: PlanOutcome } {
  assertActive(progress);
  if (workout.session !== progress.position) {
    throw new PlanRuleError(
      'wrong-session',
      `The next session is ${progress.position}, not ${workout.session}`,
    );
  }
  const session = sessionAt(settings, progress.level, progress.position);
  const { kind, position, level } = nextStep(settings, progress, session, workout.sets);
  const outcome: PlanOutcome = { kind, session: session.index, day: workout.day };
  return {
    progress: {
      ...progress,
      position,
      level,
      status: kind === 'finished' ? 'finished' : progress.status,
      lastOutcome: outcome,
    },
    outcome,
  };
}

function nextStep(
  settings: PlanSettings,
  progress: PlanProgress,
  session: PlanSession,
  sets: readonly number[],
): { kind: PlanOutcomeKind; position: number; level: PlanLevel } {
  const { level } = progress;
  const last = sessionCount(settings) === session.index + 1;
  const passed = session.sets.every((target, i) => (sets[i] ?? 0) >= target.reps);
  if (passed) {
    if (last) return { kind: 'finished', position: session.index + 1, level };
    return { kind: session.kind === 'retest' ? 'moved-on' : 'done', position: session.index + 1, level };
  }
  if (session.kind === 'training') return { kind: 'repeat-day', position: session.index, level };
  const weekStart = firstSessionOfWeek(settings, level, session);
  const target = session.sets[0]?.reps ?? 0;
  if ((sets[0] ?? 0) >= target * RETEST_REPEAT_SHARE || level === 1) {
    return { kind: 'repeat-week', position: weekStart, level };
  }
  return { kind: 'dropped-level', position: weekStart, level: (level - 1) as PlanLevel };
}

/** The position of the first session of `session`'s week. */
function firstSessionOfWeek(settings: PlanSettings, level: PlanLevel, session: PlanSession): number {
  let index = session.index;
  while (index > 0 && sessionAt(settings, level, index - 1).week === session.week) index -= 1;
  return index;
}

/** Pauses an active plan from `today` on; its days are neither missed nor planned until resumed. */
export function pausePlan(progress: PlanProgress, today: string): PlanProgress {
  assertActive(progress);
  const pauses = [...progress.pauses, { from: today, to: null }].slice(-PLAN_PAUSES_KEPT);
  return { ...progress, status: 'paused', pauses };
}

/**
 * Resumes a paused plan today: its open pause ends the day before (and is dropped when it began
 * today, as nothing was paused), and today is a training day again.
 */
export function resumePlan(progress: PlanProgress, today: string): PlanProgress {
  if (progress.status !== 'paused') {
    throw new PlanRuleError('not-active', `A ${progress.status} plan cannot be resumed`);
  }
  const pauses = progress.pauses.flatMap((pause) => {
    if (pause.to !== null) return [pause];
    return pause.from >= today ? [] : [{ from: pause.from, to: addDays(today, -1) }];
  });
  return { ...progress, status: 'active', pauses };
}

/** Another level for an active or paused plan, at the same position. */
export function changeLevel(progress: PlanProgress, level: PlanLevel): PlanProgress {
  if (progress.status !== 'active' && progress.status !== 'paused') {
    throw new PlanRuleError('not-active', `The level of a ${progress.status} plan cannot change`);
  }
  return { ...progress, level };
}

/** Gives up an active or paused plan; it keeps where it stood. */
export function abandonPlan(progress: PlanProgress): PlanProgress {
  if (progress.status !== 'active' && progress.status !== 'paused') {
    throw new PlanRuleError('not-active', `A ${progress.status} plan cannot be abandoned`);
  }
  return { ...progress, status: 'abandoned' };
}

function assertActive(progress: PlanProgress): void {
  if (progress.status !== 'active') {
    throw new PlanRuleError('not-active', `The plan is ${progress.status}, not active`);
  }
}
