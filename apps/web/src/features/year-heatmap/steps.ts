/**
 * The heatmap's colour steps, chosen from the user's own days: step 0 is a day without push-ups,
 * steps 1 to 4 the quartiles of the days with push-ups in the shown year. So a steady 20 a day and a
 * steady 200 a day both fill the scale, and a best day stands out against the user's own normal.
 */

export const STEP_COUNT = 5;

/** A step's range of day totals, both inclusive; `max` null is open ('81 or more'). */
export interface Step {
  step: number;
  min: number;
  max: number | null;
}

/** The value at quantile `q` of sorted `values` (nearest rank: always one of the values). */
function nearestRank(sorted: readonly number[], q: number): number {
  const index = Math.max(0, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.min(index, sorted.length - 1)] ?? 0;
}

/**
 * The upper bounds of steps 1 to 3 (the 25th, 50th and 75th percentile of the non-zero totals);
 * step 4 is everything above the third. Empty when no day has push-ups.
 */
export function stepBounds(totals: Iterable<number>): number[] {
  const sorted = [...totals].filter((total) => total > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  return [0.25, 0.5, 0.75].map((q) => nearestRank(sorted, q));
}

/** The step of a day's total: 0 without push-ups, else the first step whose bound holds it. */
export function stepOf(total: number, bounds: readonly number[]): number {
  if (total <= 0) return 0;
  const index = bounds.findIndex((bound) => total <= bound);
  return index === -1 ? STEP_COUNT - 1 : index + 1;
}

/**
 * The legend's steps with the totals each holds; a step that can hold no total (two equal bounds,
 * when many days share a total) is left out, so every step shown is one a day can have.
 */
export function legendSteps(bounds: readonly number[]): Step[] {
  const steps: Step[] = [{ step: 0, min: 0, max: 0 }];
  if (bounds.length === 0) return steps;
  let min = 1;
  bounds.forEach((bound, index) => {
    if (bound >= min) steps.push({ step: index + 1, min, max: bound });
    min = Math.max(min, bound + 1);
  });
  steps.push({ step: STEP_COUNT - 1, min, max: null });
  return steps;
}
