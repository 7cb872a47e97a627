import { addDays, type DailyTotal, daysBetween } from '@pushup/shared';

/**
 * The numbers both dashboard charts draw, computed without Chart.js so they can be unit tested
 * and so the charts' accessible tables show exactly what the canvas shows.
 */

/** Days of axis padding before the first and after the last day (spec section 9). */
export const AXIS_PADDING_DAYS = 2;
/** The y axis reaches 1.1 x the goal when the goal is shown (integer maths: 3000 * 1.1 is 3300.0000000000005). */
const goalAxisMax = (target: number) => Math.ceil((target * 11) / 10);

export interface DailyBars {
  days: string[];
  counts: number[];
}

/** The last `window` days up to today, with 0 on days without entries. */
export function dailyBars(daily: readonly DailyTotal[], today: string, window: number): DailyBars {
  const byDay = new Map(daily.map((d) => [d.day, d.total]));
  const days = Array.from({ length: window }, (_, i) => addDays(today, i - window + 1));
  return { days, counts: days.map((day) => byDay.get(day) ?? 0) };
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
}

export function progressSeries(
  daily: readonly DailyTotal[],
  today: string,
  goal: Goal | null,
): ProgressSeries {
  const sorted = [...daily].sort((a, b) => (a.day < b.day ? -1 : 1));
  const firstDay = sorted[0]?.day ?? today;
  const deadline = goal?.deadline && goal.deadline > today ? goal.deadline : null;
  const lastDay = deadline ?? today;
  const days: string[] = [];
  for (let day = addDays(firstDay, -AXIS_PADDING_DAYS); day <= addDays(lastDay, AXIS_PADDING_DAYS); ) {
    days.push(day);
    day = addDays(day, 1);
  }

  const byDay = new Map(sorted.map((d) => [d.day, d.total]));
  let running = 0;
  const cumulative = days.map((day) => {
    if (day > today) return null;
    running += byDay.get(day) ?? 0;
    return running;
  });
  const total = running;

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
    yMax = Math.max(goalAxisMax(goal.target), total);
  }
  return { days, cumulative, goalLine, yMax, total, deadline };
}
