import { isTrainingDay } from '@pushup/shared';
import type { Repositories } from '../../repositories';
import { progressOf, settingsOf } from './plan-rows';
import { nextSession } from './plan-state';

/** The workout a daily reminder names: 'Today: week 3, day 2 — 5 sets, 62 push-ups'. */
export interface TodaysWorkout {
  week: number;
  day: number;
  sets: number;
  pushups: number;
}

/**
 * The next session of the user's active plan when `today` (their day) is one of its training days;
 * null otherwise (no plan, paused, finished, or a rest day): the reminder then names the streak.
 */
export async function todaysWorkout(
  repos: Repositories,
  userUuid: string,
  today: string,
): Promise<TodaysWorkout | null> {
  const plan = await repos.plans.openPlanOf(userUuid);
  if (plan?.status !== 'active') return null;
  const settings = settingsOf(plan);
  if (!isTrainingDay(settings, today)) return null;
  const session = nextSession(settings, progressOf(plan));
  if (!session) return null;
  return {
    week: session.week,
    day: session.day,
    sets: session.sets.length,
    pushups: session.sets.reduce((sum, set) => sum + set.reps, 0),
  };
}
