import { describe, expect, it } from 'vitest';
import {
  AXIS_PADDING_DAYS,
  dailyBars,
  progressSeries,
} from '@/features/pushups/components/charts/chart-data';

describe('daily bars', () => {
  it('lists the last N days up to today with zeros where nothing was logged', () => {
    const bars = dailyBars(
      [
        { day: '2025-03-01', total: 5 },
        { day: '2025-03-10', total: 25 },
      ],
      '2025-03-10',
      7,
    );
    expect(bars.days).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
    expect(bars.counts).toEqual([0, 0, 0, 0, 0, 0, 25]);
  });
});

describe('overall progress', () => {
  const daily = [
    { day: '2025-03-02', total: 10 },
    { day: '2025-03-04', total: 30 },
  ];

  it('pads the axis by two days on each side and accumulates up to today', () => {
    const series = progressSeries(daily, '2025-03-05', null);
    expect(series.days[0]).toBe('2025-02-28');
    expect(series.days.at(-1)).toBe('2025-03-07');
    expect(series.days).toHaveLength(3 + 2 * AXIS_PADDING_DAYS + 1);
    expect(series.cumulative).toEqual([0, 0, 10, 10, 40, 40, null, null]);
    expect(series.total).toBe(40);
    expect(series.goalLine).toEqual([]);
    expect(series.yMax).toBeUndefined();
  });

  it('draws the required progress linearly from today’s total to the goal on the deadline', () => {
    const series = progressSeries(daily, '2025-03-05', { target: 140, deadline: '2025-03-15' });
    expect(series.days.at(-1)).toBe('2025-03-17');
    const at = (day: string) => series.goalLine[series.days.indexOf(day)];
    expect(at('2025-03-04')).toBeNull();
    expect(at('2025-03-05')).toBe(40);
    expect(at('2025-03-10')).toBe(90);
    expect(at('2025-03-15')).toBe(140);
    expect(at('2025-03-16')).toBeNull();
    expect(series.yMax).toBe(154);
    expect(series.deadline).toBe('2025-03-15');
  });

  it('shows a goal without a future deadline as a flat line', () => {
    const series = progressSeries(daily, '2025-03-05', { target: 100, deadline: '2025-03-01' });
    expect(new Set(series.goalLine)).toEqual(new Set([100]));
    expect(series.deadline).toBeNull();
    expect(series.days.at(-1)).toBe('2025-03-07');
  });

  it('keeps the axis above a total that passed the goal', () => {
    const series = progressSeries(daily, '2025-03-05', { target: 20, deadline: null });
    expect(series.yMax).toBe(40);
  });

  it('starts at today for a user without entries', () => {
    const series = progressSeries([], '2025-03-05', null);
    expect(series.days[0]).toBe('2025-03-03');
    expect(series.total).toBe(0);
  });
});

describe('goal axis', () => {
  it('is exactly 1.1 x the goal, without floating-point residue', () => {
    expect(progressSeries([], '2025-03-05', { target: 3000, deadline: null }).yMax).toBe(3300);
  });
});

describe('group overlays', () => {
  const mine = [{ day: '2025-03-09', total: 10 }];
  const ben = {
    username: 'ben',
    daily: [
      { day: '2025-03-01', total: 50 },
      { day: '2025-03-10', total: 5 },
    ],
  };

  it('puts each member’s day sums on the bar chart’s days', () => {
    const bars = dailyBars(mine, '2025-03-10', 3, [ben]);
    expect(bars.counts).toEqual([0, 10, 0]);
    expect(bars.overlays).toEqual([{ username: 'ben', values: [0, 0, 5] }]);
  });

  it('starts the progress axis at the earliest entry of anyone drawn and keeps members on the axis', () => {
    const series = progressSeries(mine, '2025-03-10', { target: 20, deadline: null }, [ben]);
    expect(series.days[0]).toBe('2025-02-27');
    const benLine = series.overlays[0]?.values ?? [];
    expect(benLine[series.days.indexOf('2025-03-01')]).toBe(50);
    expect(benLine[series.days.indexOf('2025-03-10')]).toBe(55);
    expect(benLine.at(-1)).toBeNull();
    expect(series.total).toBe(10);
    // 1.1 x the goal is 22, but ben's 55 must fit.
    expect(series.yMax).toBe(55);
  });
});
