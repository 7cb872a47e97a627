import type { Records, Streak } from '@pushup/shared';

/**
 * The calendar arithmetic of streaks and personal records (docs/product.md, "Streaks", "Personal
 * records"), on `YYYY-MM-DD` days only: no clock and no time zone here. Days are the ones each entry
 * carries; "today" is the caller's, computed by the service in the zone of X-Timezone. Weeks run
 * Sunday to Saturday, as the group boards count them.
 */

export interface DayTotal {
  day: string;
  total: number;
}

/** A run of consecutive days from `start` to `end` (both with push-ups), `length` days in all. */
export interface Run {
  length: number;
  start: string;
  end: string;
}

/**
 * Days since 1970-01-01 (a Thursday), by the proleptic Gregorian calendar's arithmetic (H. Hinnant's
 * days_from_civil): every read turns hundreds of days into numbers, and Date.parse cost a third of a
 * streak's time.
 */
export function dayNumber(day: string): number {
  // Digits by their character codes: no substrings to make (a streak reads hundreds of days).
  const digit = (i: number) => day.charCodeAt(i) - 48;
  const m = digit(5) * 10 + digit(6);
  const d = digit(8) * 10 + digit(9);
  const y = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3) - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The `YYYY-MM-DD` of day number `n` (civil_from_days, the inverse of dayNumber). */
export function dayOf(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const m = shifted < 10 ? shifted + 3 : shifted - 9;
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** The Sunday on or before day number `n`. */
function weekStartNumber(n: number): number {
  return n - ((((n + 4) % 7) + 7) % 7);
}

/** The distinct days with push-ups, as day numbers in ascending order. */
function activeNumbers(days: readonly DayTotal[]): number[] {
  const numbers: number[] = [];
  // The database returns days in order, once each: sorting is for any other caller.
  let ordered = true;
  for (const { day, total } of days) {
    if (total <= 0) continue;
    const n = dayNumber(day);
    if (numbers.length > 0 && n <= (numbers[numbers.length - 1] as number)) ordered = false;
    numbers.push(n);
  }
  if (ordered) return numbers;
  numbers.sort((a, b) => a - b);
  return numbers.filter((n, i) => i === 0 || n !== numbers[i - 1]);
}

/**
 * Rest days (days without push-ups) per week within a window, by the week's Sunday: an array over the
 * weeks from `from` to `to` (day numbers), not a map, since every read counts hundreds of days.
 */
class RestCounter {
  private readonly firstWeek: number;
  private readonly byWeek: Int32Array;
  constructor(from: number, to: number) {
    this.firstWeek = weekStartNumber(from);
    this.byWeek = new Int32Array((weekStartNumber(to) - this.firstWeek) / 7 + 1);
  }
  add(day: number, by: number): number {
    const week = (weekStartNumber(day) - this.firstWeek) / 7;
    const n = (this.byWeek[week] as number) + by;
    this.byWeek[week] = n;
    return n;
  }
}

/**
 * The longest streak anywhere in `days`: the longest run of consecutive days that starts and ends
 * with push-ups and in which no Sunday-to-Saturday week holds more than `restDaysPerWeek` days
 * without. Every part of such a run is one too, so one window slides over the calendar: for each day
 * with push-ups as its end, the earliest start the weeks allow, moved on to a day with push-ups. Ties:
 * the earliest run. null: no day with push-ups.
 */
export function longestRun(days: readonly DayTotal[], restDaysPerWeek: number): Run | null {
  return longestRunOf(activeNumbers(days), restDaysPerWeek);
}

/**
 * Slides longestRun's window over the days with push-ups (as activeNumbers gives them): for each of
 * them, oldest first, `visit` gets the earliest start of a run that ends there.
 */
function eachRunEnd(
  active: readonly number[],
  restDaysPerWeek: number,
  visit: (start: number, end: number) => void,
) {
  const first = active[0];
  const last = active[active.length - 1];
  if (first === undefined || last === undefined) return;
  const isActive = new Uint8Array(last - first + 1);
  for (const n of active) isActive[n - first] = 1;
  const rest = new RestCounter(first, last);
  let left = first;
  let nextActive = 0;
  for (let right = first; right <= last; right++) {
    if (!isActive[right - first]) {
      // Only this day's week can have gone over: give up days from the left until it is not.
      if (rest.add(right, 1) > restDaysPerWeek) {
        while (rest.add(right, 0) > restDaysPerWeek) {
          if (!isActive[left - first]) rest.add(left, -1);
          left++;
        }
      }
      continue;
    }
    while ((active[nextActive] as number) < left) nextActive++;
    visit(active[nextActive] as number, right);
  }
}

/** longestRun of the days with push-ups as activeNumbers gives them. */
function longestRunOf(active: readonly number[], restDaysPerWeek: number): Run | null {
  let best: [number, number] | null = null;
  eachRunEnd(active, restDaysPerWeek, (start, right) => {
    if (!best || right - start > best[1] - best[0]) best = [start, right];
  });
  if (!best) return null;
  const [start, end]: [number, number] = best;
  return { length: end - start + 1, start: dayOf(start), end: dayOf(end) };
}

/**
 * For each of `lengths`, the first day on which a streak in `days` reached that many days (the end
 * of the first run that long); a length no run reaches is left out.
 */
export function daysRunsReached(
  days: readonly DayTotal[],
  restDaysPerWeek: number,
  lengths: readonly number[],
): Map<number, string> {
  const reached = new Map<number, string>();
  eachRunEnd(activeNumbers(days), restDaysPerWeek, (start, end) => {
    for (const length of lengths) {
      if (!reached.has(length) && end - start + 1 >= length) reached.set(length, dayOf(end));
    }
  });
  return reached;
}

export type CurrentStreak = Pick<
  Streak,
  'current' | 'currentStart' | 'currentEnd' | 'todayLogged' | 'restDaysUsedThisWeek'
>;

/**
 * The current streak on `today`. With push-ups today, the longest run that ends today. Without,
 * today breaks nothing yet (the day is not over): the longest run that reaches yesterday, where the
 * days from its last day with push-ups to yesterday are rest days its weeks still allow. Days after
 * `today` (logged in a zone ahead) do not count yet. `restDaysUsedThisWeek`: the rest days of this
 * week from the streak's start to yesterday (or today).
 */
export function currentStreak(
  days: readonly DayTotal[],
  restDaysPerWeek: number,
  today: string,
): CurrentStreak {
  return currentStreakOf(activeNumbers(days), restDaysPerWeek, today);
}

/** currentStreak of the days with push-ups as activeNumbers gives them. */
function currentStreakOf(
  allActive: readonly number[],
  restDaysPerWeek: number,
  today: string,
): CurrentStreak {
  const t = dayNumber(today);
  const active = allActive.filter((n) => n <= t);
  const first = active[0];
  const last = active[active.length - 1];
  // Days from the first with push-ups to today: 1 where there were push-ups.
  const isActive = first === undefined ? new Uint8Array(0) : new Uint8Array(t - first + 1);
  if (first !== undefined) for (const n of active) isActive[n - first] = 1;
  const activeOn = (day: number) => first !== undefined && day >= first && isActive[day - first] === 1;
  const todayLogged = activeOn(t);
  const none: CurrentStreak = {
    current: 0,
    currentStart: null,
    currentEnd: null,
    todayLogged,
    restDaysUsedThisWeek: 0,
  };
  if (first === undefined || last === undefined) return none;
  const end = todayLogged ? t : t - 1;
  // Back from `end`, as far as the weeks allow (never before the first day with push-ups).
  const rest = new RestCounter(first, t);
  let earliest = end + 1;
  for (let day = end; day >= first; day--) {
    if (!activeOn(day) && rest.add(day, 1) > restDaysPerWeek) break;
    earliest = day;
  }
  const start = active.find((n) => n >= earliest);
  if (start === undefined || start > end) return none;
  const weekStart = weekStartNumber(t);
  let restDaysUsedThisWeek = 0;
  for (let day = Math.max(start, weekStart); day <= end; day++) {
    if (!activeOn(day)) restDaysUsedThisWeek++;
  }
  return {
    current: last - start + 1,
    currentStart: dayOf(start),
    currentEnd: dayOf(last),
    todayLogged,
    restDaysUsedThisWeek,
  };
}

/** The answer of GET /api/pushups/streak. */
export function streakOf(days: readonly DayTotal[], restDaysPerWeek: number, today: string): Streak {
  const active = activeNumbers(days);
  const longest = longestRunOf(active, restDaysPerWeek);
  return {
    today,
    restDaysPerWeek,
    ...currentStreakOf(active, restDaysPerWeek, today),
    longest: longest?.length ?? 0,
    longestStart: longest?.start ?? null,
    longestEnd: longest?.end ?? null,
  };
}

/** The Sunday that starts the week of `day`. */
export function weekStart(day: string): string {
  return dayOf(weekStartNumber(dayNumber(day)));
}

/** The highest sum of `totals` by key, the first key in order on ties. */
function best<K>(totals: Map<K, number>): [K, number] | null {
  let top: [K, number] | null = null;
  for (const entry of totals) if (!top || entry[1] > top[1]) top = entry;
  return top;
}

function sumsBy<K>(days: readonly DayTotal[], key: (day: string) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const { day, total } of days) {
    const k = key(day);
    sums.set(k, (sums.get(k) ?? 0) + total);
  }
  return sums;
}

/**
 * Personal records from a user's days (docs/product.md, "Personal records"): the best day, week
 * (from Sunday) and month, each the earliest on ties, the active days, the average per active day
 * (one decimal) and the first day. `total` is the running total, which equals the days' sum.
 */
export function recordsOf(days: readonly DayTotal[], total: number): Records {
  const active = days.filter((d) => d.total > 0).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const bestDay = best(sumsBy(active, (day) => day));
  // Weeks by their Sunday's number: the day's text is built for the best one only.
  const bestWeek = best(sumsBy(active, (day) => weekStartNumber(dayNumber(day))));
  const bestMonth = best(sumsBy(active, (day) => day.slice(0, 7)));
  return {
    bestDay: bestDay ? { day: bestDay[0], total: bestDay[1] } : null,
    bestWeek: bestWeek ? { weekStart: dayOf(bestWeek[0]), total: bestWeek[1] } : null,
    bestMonth: bestMonth ? { month: bestMonth[0], total: bestMonth[1] } : null,
    total,
    activeDays: active.length,
    averagePerActiveDay: active.length > 0 ? Math.round((total / active.length) * 10) / 10 : 0,
    firstDay: active[0]?.day ?? null,
  };
}
