/**
 * Calendar days (`YYYY-MM-DD`) and time zones, shared by the server (days of entries, ranges of
 * sums) and the web app (calendar, charts). Plain Intl: no time-zone arithmetic in SQL.
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormatters.size < 1000) dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day an instant falls on in `timeZone` (an IANA zone). */
export function dayInZone(instant: Date, timeZone: string): string {
  return dayFormatter(timeZone).format(instant);
}

/** The day of a local Date in the runtime's own zone (the browser's). */
export function localDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The UTC midnight of `day`, in ms. */
function utcMidnight(day: string, plusDays = 0): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + plusDays);
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `day` plus `days` calendar days (negative goes back). From the numbers, not by parsing and
 * formatting a date string: a plan's calendar calls it for each of its days on every GET /api/plan,
 * and this way costs a third as much.
 */
export function addDays(day: string, days: number): string {
  const date = new Date(utcMidnight(day, days));
  return `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

/** Every day from `from` to `to`, both included, in order (none when `to` is before `from`). */
export function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  const last = utcMidnight(to);
  // By the numbers: a plan's calendar walks ~40 days on every GET /api/plan.
  for (let ms = utcMidnight(from); ms <= last; ms += 86_400_000) {
    const date = new Date(ms);
    days.push(
      `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`,
    );
  }
  return days;
}

/** The weekday of `day`: 0 is Sunday, 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(utcMidnight(day)).getUTCDay();
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The local Date of `day` at `hour` o'clock in the runtime's own zone (the inverse of localDay). */
export function localDate(day: string, hour = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, hour);
}

/** The Sunday on or before `day` (weeks start on Sunday, docs/product.md, "Limits"). */
export function weekStartOf(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** The first day of the month of `day`. */
export function monthStartOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
