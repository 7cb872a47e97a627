import { addDays, type DailyTotal, daysBetween, daysFromTo } from '@pushup/shared';

/**
 * The numbers both dashboard charts draw, computed without Chart.js so they can be unit tested
 * and so the charts' accessible tables show exactly what the canvas shows.
 */

/** Days of axis padding before the first and after the last day (docs/product.md, "Limits"). */
export const AXIS_PADDING_DAYS = 2;
/** The y axis reaches 1.1 x the goal when the goal is shown (integer maths: 3000 * 1.1 is 3300.0000000000005). */
const goalAxisMax = (target: number) => Math.ceil((target * 11) / 10);

/** A group member's day sums, drawn over the user's own (the selected group's overlay). */
export interface Overlay {
  username: string;
  daily: readonly DailyTotal[];
}

/** One member's values on the chart's days. */
export interface OverlaySeries {
  username: string;
  values: Array<number | null>;
}

export interface DailyBars {
  days: string[];
  counts: number[];
  overlays: OverlaySeries[];
}

function countsOn(days: readonly string[], daily: readonly DailyTotal[]): number[] {
  const byDay = new Map(daily.map((d) => [d.day, d.total]));
  return days.map((day) => byDay.get(day) ?? 0);
}

/** The last `window` days up to today, with 0 on days without entries, for the user and each overlay. */
export function dailyBars(
  daily: readonly DailyTotal[],
  today: string,
  window: number,
  overlays: readonly Overlay[] = [],
): DailyBars {
  const days = Array.from({ length: window }, (_, i) => addDays(today, i - window + 1));
  return {
    days,
    counts: countsOn(days, daily),
    overlays: overlays.map((o) => ({ username: o.username, values: countsOn(days, o.daily) })),
  };
}

/** The running total reached by today (the last value before the nulls). */
export const reachedTotal = (values: ReadonlyArray<number | null>) =>
  values.reduce<number>((last, v) => v ?? last, 0);

/** Running totals on `days` up to today (null after it); the axis starts at the earliest entry. */
function runningTotals(days: readonly string[], daily: readonly DailyTotal[], today: string) {
  const byDay = new Map(daily.map((d) => [d.day, d.total]));
  let running = 0;
  return days.map((day) => {
    if (day > today) return null;
    running += byDay.get(day) ?? 0;
    return running;
  });
}

export interface Goal {
  target: number;
  /** `YYYY-MM-DD`, or null when the user set no deadline. */
  deadline: string | null;
}

export interface ProgressSeries {
  days: string[];
  /** Running total per day up to today; null after today. */
  cumulative: Array<number | null>;
  /**
   * The required-progress line: linear from today's total to the goal on its deadline; null
   * elsewhere. Without a future deadline: the goal as a flat line. Empty when the goal is hidden.
   */
  goalLine: Array<number | null>;
  /** Upper end of the y axis, or undefined to let the chart choose. */
  yMax: number | undefined;
  total: number;
  /** The goal's deadline when the required-progress line leads to it (a future deadline), else null. */
  deadline: string | null;
  /** Each overlay's running total on `days`. */
  overlays: OverlaySeries[];
}

export function progressSeries(
  daily: readonly DailyTotal[],
  today: string,
  goal: Goal | null,
  overlays: readonly Overlay[] = [],
): ProgressSeries {
  // The axis starts at the earliest day anyone drawn has push-ups.
  const entryDays = [daily, ...overlays.map((o) => o.daily)].flat().map((d) => d.day);
  const firstDay = entryDays.sort()[0] ?? today;
  const deadline = goal?.deadline && goal.deadline > today ? goal.deadline : null;
  const lastDay = deadline ?? today;
  const days = daysFromTo(addDays(firstDay, -AXIS_PADDING_DAYS), addDays(lastDay, AXIS_PADDING_DAYS));

  const cumulative = runningTotals(days, daily, today);
  const total = reachedTotal(cumulative);
  const overlaySeries = overlays.map((o) => ({
    username: o.username,
    values: runningTotals(days, o.daily, today),
  }));

  let goalLine: Array<number | null> = [];
  let yMax: number | undefined;
  if (goal) {
    if (deadline) {
      const span = daysBetween(today, deadline);
      goalLine = days.map((day) => {
        if (day < today || day > deadline) return null;
        return Math.round(total + ((goal.target - total) * daysBetween(today, day)) / span);
      });
    } else {
      goalLine = days.map(() => goal.target);
    }
    // Members far above the goal stay on the chart.
    yMax = Math.max(goalAxisMax(goal.target), total, ...overlaySeries.map((o) => reachedTotal(o.values)));
  }
  return { days, cumulative, goalLine, yMax, total, deadline, overlays: overlaySeries };
}
