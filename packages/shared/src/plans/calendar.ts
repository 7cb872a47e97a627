import { addDays, daysFromTo, weekdayOf } from '../days';
import { sessionCount, trainsOn } from './catalogue';
import type { PlanCalendarDay, PlanProgress, PlanSettings, WorkoutResult } from './plan-types';

/**
 * The plan's calendar (docs/product.md, "Training plans"): what each day was or will be. Days are
 * the user's own YYYY-MM-DD; a day's weekday is read from the date itself, so no time zone (the
 * server's or the browser's) can move it.
 */

/** Whether `day` is one of the plan's training days: on or after its first day, on a training weekday. */
export function isTrainingDay(settings: PlanSettings, day: string): boolean {
  if (day < settings.startDay) return false;
  return trainsOn(settings.planId, settings.weekdays, weekdayOf(day));
}

export interface PlanCalendarInput {
  settings: PlanSettings;
  progress: PlanProgress;
  /**
   * The plan's workouts, each its session and day (the latest also bounds the missed days of a
   * finished or abandoned plan).
   */
  workouts: readonly Pick<WorkoutResult, 'session' | 'day'>[];
  /** The user's today. */
  today: string;
  from: string;
  to: string;
}

/**
 * One entry per day from `from` to `to`, in order:
 * - `done`: a workout on that day (its session; the latest given when there are more);
 * - `paused`: in a pause, or from the open pause's first day on;
 * - `today`: today, when it is a training day of an active plan with no workout yet (the next session);
 * - `missed`: a training day before today without a workout, while the plan ran (for a finished or
 *   abandoned plan: up to its latest workout, the last day known to be within it);
 * - `upcoming`: a training day after today of an active plan, with the sessions from the next one on
 *   (today's first, when today is still to be done), none beyond the plan's last session;
 * - `rest`: any other day.
 */
export function planCalendar(input: PlanCalendarInput): PlanCalendarDay[] {
  const { settings, progress, today, from, to } = input;
  const sessionByDay = new Map<string, number>();
  let latestWorkoutDay: string | null = null;
  for (const workout of input.workouts) {
    sessionByDay.set(workout.day, workout.session);
    if (latestWorkoutDay === null || workout.day > latestWorkoutDay) latestWorkoutDay = workout.day;
  }
  const count = sessionCount(settings);
  const inPlan = (session: number) => count === null || session < count;
  const running = progress.status === 'active' || progress.status === 'paused';
  const todayToDo =
    progress.status === 'active' &&
    isTrainingDay(settings, today) &&
    !sessionByDay.has(today) &&
    inPlan(progress.position);
  const upcoming = projectSessions(
    input,
    sessionByDay,
    todayToDo ? progress.position + 1 : progress.position,
  );

  const days: PlanCalendarDay[] = [];
  for (const day of daysFromTo(from, to)) {
    const done = sessionByDay.get(day);
    if (done !== undefined) {
      days.push({ day, state: 'done', session: done });
    } else if (progress.pauses.some((pause) => pause.from <= day && (pause.to === null || day <= pause.to))) {
      days.push({ day, state: 'paused', session: null });
    } else if (day === today && todayToDo) {
      days.push({ day, state: 'today', session: progress.position });
    } else if (day < today && isTrainingDay(settings, day) && (running || day <= (latestWorkoutDay ?? ''))) {
      days.push({ day, state: 'missed', session: null });
    } else if (day > today && upcoming.has(day)) {
      days.push({ day, state: 'upcoming', session: upcoming.get(day) ?? null });
    } else {
      days.push({ day, state: 'rest', session: null });
    }
  }
  return days;
}

/**
 * The sessions planned for the training days after today up to `to`, from `next` on, while the plan
 * is active and has sessions left. Counting starts at tomorrow whatever `from` is, so a range that
 * begins later still shows the sessions those days will get.
 */
function projectSessions(
  input: PlanCalendarInput,
  sessionByDay: ReadonlyMap<string, number>,
  next: number,
): Map<string, number> {
  const { settings, progress, today, to } = input;
  const count = sessionCount(settings);
  const planned = new Map<string, number>();
  if (progress.status !== 'active') return planned;
  let session = next;
  for (const day of daysFromTo(addDays(today, 1), to)) {
    if (count !== null && session >= count) break;
    if (!isTrainingDay(settings, day) || sessionByDay.has(day)) continue;
    planned.set(day, session);
    session += 1;
  }
  return planned;
}
