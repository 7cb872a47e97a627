import {
  addDays,
  isTrainingDay,
  MESSAGES,
  type PlanProgress,
  PlanRuleError,
  type PlanSession,
  type PlanSettings,
  type PlanState,
  planCalendar,
  sessionAt,
  sessionCount,
} from '@pushup/shared';
import { AppError } from '../../errors/app-error';
import type { PlacementTestRow, PlanRow, PlanWorkoutRow } from '../../repositories/plans.repository';
import { progressOf, settingsOf, toPlacementTest, toWorkout } from './plan-rows';

/** GET /api/plan's calendar: from this many days back to CALENDAR_DAYS_AHEAD days ahead of today. */
const CALENDAR_DAYS_BACK = 14;
const CALENDAR_DAYS_AHEAD = 28;

/** The days of a plan's calendar around `today`. */
export function calendarRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -CALENDAR_DAYS_BACK), to: addDays(today, CALENDAR_DAYS_AHEAD) };
}

/** The session at the plan's position, null once it is finished (or past its last session). */
export function nextSession(settings: PlanSettings, progress: PlanProgress): PlanSession | null {
  if (progress.status === 'finished') return null;
  const count = sessionCount(settings);
  if (count !== null && progress.position >= count) return null;
  return sessionAt(settings, progress.level, progress.position);
}

/** Whether the plan shows as the user's plan: every one but an abandoned one (the newest is shown). */
export const shownPlan = (row: PlanRow | undefined): row is PlanRow =>
  row !== undefined && row.status !== 'abandoned';

/**
 * The answer of GET /api/plan (and of the writes that change the plan) from the rows read: the
 * plan (undefined: none shown), its workouts in calendarRange(today), the newest test.
 */
export function planStateOf(
  today: string,
  plan: PlanRow | undefined,
  workouts: readonly PlanWorkoutRow[],
  latestTest: PlacementTestRow | undefined,
): PlanState {
  const latest = latestTest ? toPlacementTest(latestTest) : null;
  if (!shownPlan(plan)) return { today, plan: null, latestTest: latest };
  const settings = settingsOf(plan);
  const progress = progressOf(plan);
  const { from, to } = calendarRange(today);
  return {
    today,
    plan: {
      settings,
      shared: plan.shared === 1,
      progress,
      sessionCount: sessionCount(settings),
      next: nextSession(settings, progress),
      trainingToday: progress.status === 'active' && isTrainingDay(settings, today),
      doneToday: workouts.filter((w) => w.day === today).map(toWorkout),
      calendar: planCalendar({
        settings,
        progress,
        workouts,
        today,
        from,
        to,
      }),
    },
    latestTest: latest,
  };
}

/**
 * A change the plan's state does not allow, as the 409 the caller reads: the progression's
 * PlanRuleError with the message of what was asked (`messages`: one per PlanRuleError code).
 */
export function planConflict(
  error: unknown,
  messages: Partial<Record<PlanRuleError['code'], string>>,
): unknown {
  if (!(error instanceof PlanRuleError)) return error;
  return new AppError('CONFLICT', messages[error.code] ?? MESSAGES.resourceConflict);
}
