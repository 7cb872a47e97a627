/**
 * Local wall-clock time in an IANA zone, with Intl alone, so the same code runs on both engines and no
 * time zone is ever computed in SQL: the instant of a local time on a local day, and the local day of
 * an instant. Used by the reminders (when one is due) and the import (a day's entry at noon).
 *
 * Daylight-saving changes: a local time that does not exist that day (in the gap of a spring forward)
 * maps to the first instant after the gap; a local time that exists twice (the repeated hour of a
 * fall back) maps to its first occurrence.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The wall-clock reading of instants in one zone. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (wallFormatters.size < 1000) wallFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of `instantMs` in `timeZone`, written as if it were UTC (milliseconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  // Intl drops the milliseconds: keep the instant's own.
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((instantMs % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at `instantMs` (ms; positive east of Greenwich). */
function offsetMs(instantMs: number, timeZone: string): number {
  return wallClockMs(instantMs, timeZone) - instantMs;
}

/**
 * The instant at which the local `day` (`YYYY-MM-DD`) reaches `time` (`HH:MM`) in `timeZone`: the
 * first such instant when the time exists twice, the end of the gap when it does not exist.
 */
export function localTimeToInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // Any transition near this wall time lies within a day of it; zones move by at most a few hours.
  const before = offsetMs(wall - 24 * HOUR_MS, timeZone);
  const after = offsetMs(wall + 24 * HOUR_MS, timeZone);
  // Every instant whose reading is `wall` has one of these two offsets (or the one in between).
  const candidates = [...new Set([before, after, offsetMs(wall - before, timeZone)])]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In the gap: the clock jumps from before `wall` to after it. Due at the jump, the first instant
  // whose reading is past `wall` (found to the millisecond between the readings under each offset).
  let low = wall - after; // still reads before the gap
  let high = wall - before; // already reads after it
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClockMs(middle, timeZone) > wall) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The local calendar day of an instant in `timeZone`. */
export function localDayOf(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}
