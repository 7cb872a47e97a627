import { addDays, dayInZone, weekdayOf } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import {
  buildYearGrid,
  keyTarget,
  todayIn,
  type YearGrid,
  yearStart,
} from '@/features/year-heatmap/year-grid';

const SUNDAY = 0;
const MONDAY = 1;

function cellOf(grid: YearGrid, day: string) {
  for (const column of grid.weeks) {
    for (const cell of column) if (cell?.day === day) return cell;
  }
  return undefined;
}

describe('the year grid', () => {
  it('shows the 12 months ending today, one cell a day, today last', () => {
    const grid = buildYearGrid([], '2026-11-27', SUNDAY);
    expect(grid.from).toBe('2025-11-28');
    expect(grid.days).toHaveLength(365);
    expect(grid.days.at(-1)?.day).toBe('2026-11-27');
    // Consecutive calendar days, none twice, none missing.
    grid.days.forEach((cell, i) => {
      if (i > 0) expect(cell.day).toBe(addDays(grid.days[i - 1]?.day ?? '', 1));
    });
    for (const column of grid.weeks) expect(column).toHaveLength(7);
  });

  it('starts each column on the language’s first day of the week: Sunday in English, Monday in German', () => {
    // 2026-11-27 is a Friday.
    const en = buildYearGrid([], '2026-11-27', SUNDAY);
    const de = buildYearGrid([], '2026-11-27', MONDAY);
    expect(cellOf(en, '2026-11-27')).toMatchObject({ weekday: 5, week: en.weeks.length - 1 });
    expect(cellOf(de, '2026-11-27')).toMatchObject({ weekday: 4, week: de.weeks.length - 1 });
    for (const grid of [en, de]) {
      for (const cell of grid.days) {
        const offset = grid === en ? SUNDAY : MONDAY;
        expect((weekdayOf(cell.day) - offset + 7) % 7).toBe(cell.weekday);
      }
    }
    // The days of a Sunday-to-Saturday week share an English column; in German Sunday ends the week.
    expect(cellOf(en, '2026-11-22')?.week).toBe(cellOf(en, '2026-11-27')?.week);
    expect(cellOf(de, '2026-11-22')?.week).toBe((cellOf(de, '2026-11-23')?.week ?? 0) - 1);
    expect(cellOf(de, '2026-11-22')?.weekday).toBe(6);
    // Before the first day and after today the places are empty.
    expect(en.weeks[0]?.[0]).toBeNull();
    expect(en.weeks.at(-1)?.[6]).toBeNull();
  });

  it('puts each day’s sum in its cell and leaves days outside the year out', () => {
    const grid = buildYearGrid(
      [
        { day: '2025-11-27', total: 99 },
        { day: '2025-11-28', total: 5 },
        { day: '2026-06-15', total: 40 },
        { day: '2026-11-27', total: 12 },
      ],
      '2026-11-27',
      SUNDAY,
    );
    expect(grid.days.reduce((sum, cell) => sum + cell.total, 0)).toBe(57);
    expect(cellOf(grid, '2025-11-28')?.total).toBe(5);
    expect(cellOf(grid, '2026-06-15')).toMatchObject({ total: 40, weekday: 1 });
    expect(cellOf(grid, '2026-11-27')?.total).toBe(12);
  });

  it('counts the 29th of February in a leap year, and starts after it a year on', () => {
    const leap = buildYearGrid([{ day: '2028-02-29', total: 29 }], '2028-03-15', SUNDAY);
    expect(leap.from).toBe('2027-03-16');
    expect(leap.days).toHaveLength(366);
    expect(cellOf(leap, '2028-02-29')?.total).toBe(29);
    expect(yearStart('2028-02-29')).toBe('2027-03-01');
    expect(yearStart('2029-03-01')).toBe('2028-03-02');
    expect(buildYearGrid([], '2029-02-28', MONDAY).days[0]?.day).toBe('2028-02-29');
    expect(buildYearGrid([], '2030-02-28', MONDAY).days).toHaveLength(365);
  });

  it('keeps one cell a day across the changes to and from summer time', () => {
    // Los Angeles changes on 2026-03-08 and 2026-11-01, Berlin on 2026-03-29 and 2026-10-25,
    // Auckland on 2026-04-05 and 2026-09-27: the grid counts calendar days, never hours.
    const grid = buildYearGrid(
      [
        { day: '2026-03-08', total: 8 },
        { day: '2026-03-29', total: 29 },
        { day: '2026-04-05', total: 5 },
        { day: '2026-09-27', total: 27 },
        { day: '2026-10-25', total: 25 },
        { day: '2026-11-01', total: 1 },
      ],
      '2026-11-27',
      MONDAY,
    );
    for (const [day, total] of [
      ['2026-03-08', 8],
      ['2026-03-29', 29],
      ['2026-04-05', 5],
      ['2026-09-27', 27],
      ['2026-10-25', 25],
      ['2026-11-01', 1],
    ] as const) {
      // Each of these was a Sunday: the last row of a Monday-first week.
      expect(cellOf(grid, day)).toMatchObject({ total, weekday: 6 });
    }
    expect(new Set(grid.days.map((cell) => cell.day)).size).toBe(grid.days.length);
  });

  it('puts a day logged in Auckland and one in Los Angeles in each user’s today cell', () => {
    // 12:00 UTC on 1 March 2026 is 01:00 on 2 March in Auckland and 04:00 on 1 March in Los Angeles.
    const now = new Date('2026-03-01T12:00:00Z');
    for (const [zone, expected] of [
      ['Pacific/Auckland', '2026-03-02'],
      ['America/Los_Angeles', '2026-03-01'],
    ] as const) {
      const today = todayIn(now, zone);
      expect(today).toBe(expected);
      // The server stores an entry's day in the logger's zone (dayInZone), the grid reads it as is.
      const grid = buildYearGrid([{ day: dayInZone(now, zone), total: 30 }], today, SUNDAY);
      const last = grid.days.at(-1);
      expect(last).toMatchObject({ day: expected, total: 30, week: grid.weeks.length - 1 });
      expect(last?.weekday).toBe(weekdayOf(expected));
    }
  });

  it('leaves the days before the app’s first day empty', () => {
    const grid = buildYearGrid([], '2025-06-30', SUNDAY, '2025-01-01');
    expect(grid.days[0]?.day).toBe('2025-01-01');
    expect(cellOf(grid, '2024-12-31')).toBeUndefined();
  });

  it('labels each month over the column of its 1st', () => {
    const grid = buildYearGrid([], '2026-11-27', SUNDAY);
    expect(grid.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    for (const { month, week } of grid.months) {
      expect(grid.weeks[week]?.some((cell) => cell?.day === `${month}-01`)).toBe(true);
    }
  });
});

describe('the grid’s keys', () => {
  const grid = buildYearGrid([], '2026-11-27', SUNDAY);

  it('move a week left and right and a day up and down, never past the year', () => {
    expect(keyTarget(grid, '2026-06-10', 'ArrowRight', false)).toBe('2026-06-17');
    expect(keyTarget(grid, '2026-06-10', 'ArrowLeft', false)).toBe('2026-06-03');
    expect(keyTarget(grid, '2026-06-10', 'ArrowDown', false)).toBe('2026-06-11');
    expect(keyTarget(grid, '2026-06-10', 'ArrowUp', false)).toBe('2026-06-09');
    // Down from a Saturday is the next column's Sunday.
    expect(keyTarget(grid, '2026-06-13', 'ArrowDown', false)).toBe('2026-06-14');
    expect(keyTarget(grid, '2026-11-27', 'ArrowDown', false)).toBe('2026-11-27');
    expect(keyTarget(grid, '2026-11-25', 'ArrowRight', false)).toBe('2026-11-25');
    expect(keyTarget(grid, '2025-11-28', 'ArrowUp', false)).toBe('2025-11-28');
    expect(keyTarget(grid, '2025-12-01', 'ArrowLeft', false)).toBe('2025-12-01');
  });

  it('go to the row’s ends with Home and End, and to the year’s with Ctrl', () => {
    expect(keyTarget(grid, '2026-06-10', 'Home', false)).toBe('2025-12-03');
    expect(keyTarget(grid, '2026-06-10', 'End', false)).toBe('2026-11-25');
    expect(keyTarget(grid, '2026-06-10', 'Home', true)).toBe('2025-11-28');
    expect(keyTarget(grid, '2026-06-10', 'End', true)).toBe('2026-11-27');
    expect(keyTarget(grid, '2026-06-10', 'a', false)).toBeNull();
  });
});
