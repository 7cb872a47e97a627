import { addDays, type DailyTotal, dayInZone, weekdayOf } from '@pushup/shared';

/**
 * The year heatmap's shape, without React or Intl names: the days of the last 12 months up to
 * `today` (the user's own calendar day), laid out as columns of weeks and rows of weekdays from the
 * language's first day of the week. Days are `YYYY-MM-DD` strings and move with `addDays`, which
 * counts calendar days in UTC, so a change to or from summer time never adds or drops a day.
 */

/** One day of the grid: its sum (0 without entries) and where it is. */
export interface HeatmapDay {
  day: string;
  total: number;
  /** Its column (0 is the oldest week) and row (0 is the week's first day). */
  week: number;
  weekday: number;
}

export interface YearGrid {
  /** The first and last day shown (the last is today). */
  from: string;
  to: string;
  /** weeks[column][row]: a day, or null before `from`, after `to` or before the earliest day. */
  weeks: (HeatmapDay | null)[][];
  /** Every day shown, oldest first (what the keyboard walks through). */
  days: HeatmapDay[];
  /** Where each month's label goes: the column holding its 1st (and the first column's month if there is room). */
  months: { month: string; week: number }[];
}

/** The calendar day an instant falls on in `timeZone`: the user's 'today' for the grid. */
export function todayIn(now: Date, timeZone: string): string {
  return dayInZone(now, timeZone);
}

/**
 * The first day of the 12 months ending `today`: the day after the same date a year earlier
 * (2026-11-27 -> 2025-11-28; after 2028-02-29 comes 2027-03-01, since 2027 has no 29 February).
 */
export function yearStart(today: string): string {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const sameDay = new Date(Date.UTC(year - 1, month - 1, date));
  // Date.UTC rolls 29 February of a common year over to 1 March: that day is already the start.
  if (sameDay.getUTCMonth() !== month - 1) return sameDay.toISOString().slice(0, 10);
  return addDays(sameDay.toISOString().slice(0, 10), 1);
}

/**
 * The grid of the 12 months ending `today`. `firstDay` is the week's first weekday (0 Sunday, 1
 * Monday); `earliest` is the first day the app keeps entries for: days before it are left empty.
 * `daily` is the sums of days with push-ups in any order; days outside the range are ignored.
 */
export function buildYearGrid(
  daily: readonly DailyTotal[],
  today: string,
  firstDay: number,
  earliest = '0000-01-01',
): YearGrid {
  const from = yearStart(today);
  const totals = new Map<string, number>();
  for (const { day, total } of daily) {
    if (day >= from && day <= today) totals.set(day, (totals.get(day) ?? 0) + total);
  }
  const gridStart = addDays(from, -((weekdayOf(from) - firstDay + 7) % 7));
  const weeks: (HeatmapDay | null)[][] = [];
  const days: HeatmapDay[] = [];
  const months: { month: string; week: number }[] = [];
  for (let week = 0, start = gridStart; start <= today; week++, start = addDays(start, 7)) {
    const column: (HeatmapDay | null)[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const day = addDays(start, weekday);
      if (day < from || day > today || day < earliest) {
        column.push(null);
        continue;
      }
      const cell = { day, total: totals.get(day) ?? 0, week, weekday };
      column.push(cell);
      days.push(cell);
      // A month is labelled over the column that holds its 1st.
      if (day.endsWith('-01')) months.push({ month: day.slice(0, 7), week });
    }
    weeks.push(column);
  }
  // The first column's month, when the next label leaves room for it (three columns).
  const first = days[0];
  if (first && months[0]?.week !== 0 && (months[0]?.week ?? weeks.length) >= 3) {
    months.unshift({ month: first.day.slice(0, 7), week: 0 });
  }
  return { from, to: today, weeks, days, months };
}

/** The day `delta` days from `day`, kept within the grid's days (the keyboard's next cell). */
function moveWithin(grid: YearGrid, day: string, delta: number): string {
  const first = grid.days[0]?.day ?? day;
  const next = addDays(day, delta);
  if (next < first) return first;
  if (next > grid.to) return grid.to;
  return next;
}

/**
 * Where a key moves the focus in the grid, columns being weeks and rows weekdays: Left and Right a
 * week, Up and Down a day (past a column's end into the next), Home and End the first and last
 * day of the row (the same weekday), Ctrl+Home and Ctrl+End the first day and today. null: not a
 * key of the grid.
 */
export function keyTarget(grid: YearGrid, day: string, key: string, ctrl: boolean): string | null {
  const first = grid.days[0]?.day ?? day;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -7) < first ? day : addDays(day, -7);
    case 'ArrowRight':
      return addDays(day, 7) > grid.to ? day : addDays(day, 7);
    case 'ArrowUp':
      return moveWithin(grid, day, -1);
    case 'ArrowDown':
      return moveWithin(grid, day, 1);
    case 'Home': {
      if (ctrl) return first;
      let target = day;
      while (addDays(target, -7) >= first) target = addDays(target, -7);
      return target;
    }
    case 'End': {
      if (ctrl) return grid.to;
      let target = day;
      while (addDays(target, 7) <= grid.to) target = addDays(target, 7);
      return target;
    }
    default:
      return null;
  }
}
