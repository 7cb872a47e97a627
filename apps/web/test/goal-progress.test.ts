import { describe, expect, it } from 'vitest';
import { goalProgress } from '@/app/pages/goal-progress';

describe('goal progress', () => {
  it('spreads what is left over the days to the deadline, today included, rounding up', () => {
    // 5,000 by Dec 31 from Nov 25: 37 days, today included; 2,900 left is 78.4 a day.
    expect(goalProgress(2_100, 5_000, '2026-12-31', '2026-11-25')).toEqual({
      state: 'on-the-way',
      total: 2_100,
      goal: 5_000,
      share: 0.42,
      left: 2_900,
      perDay: 79,
      deadline: '2026-12-31',
    });
    expect(goalProgress(4_990, 5_000, '2026-11-25', '2026-11-25')).toMatchObject({ perDay: 10 });
  });

  it('has no pace without a deadline', () => {
    expect(goalProgress(10, 100, null, '2026-11-25')).toMatchObject({
      state: 'on-the-way',
      perDay: null,
      left: 90,
    });
  });

  it('is reached at the goal, whatever the deadline', () => {
    expect(goalProgress(5_000, 5_000, '2026-01-01', '2026-11-25')).toMatchObject({
      state: 'reached',
      share: 1,
    });
    expect(goalProgress(6_000, 5_000, null, '2026-11-25')).toMatchObject({ state: 'reached', share: 1 });
  });

  it('says a deadline before today has passed', () => {
    expect(goalProgress(2_802, 5_000, '2026-11-24', '2026-11-25')).toMatchObject({
      state: 'passed',
      share: 0.5604,
      deadline: '2026-11-24',
    });
  });
});
