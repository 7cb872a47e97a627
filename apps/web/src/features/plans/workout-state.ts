import type { PlanSet } from '@pushup/shared';
import { type Rest, startRest } from './rest-timer';

/**
 * A guided workout's steps (docs/product.md, "Training plans: screens"): each set, then its rest,
 * then the next set, and after the last set the summary. Pure, so that the screen only shows it.
 */
type WorkoutPhase =
  | { kind: 'set'; index: number }
  | { kind: 'rest'; next: number; rest: Rest }
  | { kind: 'summary' };

export interface WorkoutProgress {
  /** The session of the plan the workout is for. */
  session: number;
  sets: PlanSet[];
  /** The reps done in each finished set, in order. */
  done: number[];
  phase: WorkoutPhase;
}

export function startWorkout(session: number, sets: PlanSet[]): WorkoutProgress {
  return { session, sets, done: [], phase: { kind: 'set', index: 0 } };
}

/** 'Done' on a set: its reps are kept and the rest after it starts, or the summary after the last. */
export function finishSet(workout: WorkoutProgress, reps: number, now: number): WorkoutProgress {
  if (workout.phase.kind !== 'set') return workout;
  const { index } = workout.phase;
  const done = [...workout.done.slice(0, index), reps];
  const set = workout.sets[index];
  if (index + 1 >= workout.sets.length || !set) return { ...workout, done, phase: { kind: 'summary' } };
  return {
    ...workout,
    done,
    phase: { kind: 'rest', next: index + 1, rest: startRest(set.restSeconds, now) },
  };
}

/** The rest is over (run out or skipped): the next set. */
export function endRest(workout: WorkoutProgress): WorkoutProgress {
  if (workout.phase.kind !== 'rest') return workout;
  return { ...workout, phase: { kind: 'set', index: workout.phase.next } };
}
