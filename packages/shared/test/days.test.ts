import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysFromTo, weekdayOf } from '../src/days';

describe('calendar days', () => {
  it('adds days across a month, a leap day and a year', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', 400)).toBe('2027-05-03');
  });

  it('lists every day of a range, both ends included, and none for a range that ends before it starts', () => {
    expect(daysFromTo('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysFromTo('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
    expect(daysFromTo('2026-11-28', '2026-11-27')).toEqual([]);
    const year = daysFromTo('2026-01-01', '2026-12-31');
    expect(year).toHaveLength(365);
    expect(year.every((day, i) => i === 0 || day === addDays(year[i - 1] as string, 1))).toBe(true);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
  });

  it('tells the weekday of a day, whatever the runtime’s zone', () => {
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });
});
