import { describe, expect, it } from 'vitest';
import { legendSteps, stepBounds, stepOf } from '@/features/year-heatmap/steps';

describe('the heatmap’s steps', () => {
  it('are the quartiles of the days with push-ups; a day without is step 0', () => {
    const totals = [0, 0, 10, 20, 30, 40, 50, 60, 70, 80];
    const bounds = stepBounds(totals);
    expect(bounds).toEqual([20, 40, 60]);
    expect(stepOf(0, bounds)).toBe(0);
    expect(stepOf(1, bounds)).toBe(1);
    expect(stepOf(20, bounds)).toBe(1);
    expect(stepOf(21, bounds)).toBe(2);
    expect(stepOf(60, bounds)).toBe(3);
    expect(stepOf(61, bounds)).toBe(4);
    expect(stepOf(10_000, bounds)).toBe(4);
  });

  it('follow the user’s own scale: 200 a day is as full as 20 a day is for another', () => {
    const small = stepBounds([5, 10, 15, 20]);
    const large = stepBounds([50, 100, 150, 200]);
    expect(stepOf(20, small)).toBe(4);
    expect(stepOf(200, large)).toBe(4);
    expect(stepOf(20, large)).toBe(1);
  });

  it('have a legend of the totals each holds, without a step no total can reach', () => {
    expect(legendSteps(stepBounds([10, 20, 30, 40]))).toEqual([
      { step: 0, min: 0, max: 0 },
      { step: 1, min: 1, max: 10 },
      { step: 2, min: 11, max: 20 },
      { step: 3, min: 21, max: 30 },
      { step: 4, min: 31, max: null },
    ]);
    // Every day 25: one step holds them all.
    const same = stepBounds([25, 25, 25]);
    expect(stepOf(25, same)).toBe(1);
    expect(legendSteps(same)).toEqual([
      { step: 0, min: 0, max: 0 },
      { step: 1, min: 1, max: 25 },
      { step: 4, min: 26, max: null },
    ]);
    expect(legendSteps(stepBounds([0, 0]))).toEqual([{ step: 0, min: 0, max: 0 }]);
  });
});
