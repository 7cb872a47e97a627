import { addDays, daysBetween, type Streak, weekStartOf } from '@pushup/shared';

/**
 * The server's streak with the days of the entries still waiting on this device counted in
 * (docs/product.md, "Offline"): a set logged offline carries the current streak on at once, as the
 * server will once it has the entry. The server's answer already allows the empty days from the
 * streak's last day up to yesterday (else it would be 0), so a waiting day after that last day moves
 * the end there without using a rest day; a waiting day inside that gap gives one back. With no
 * current streak, the waiting days' own run of consecutive days ending today or yesterday starts one
 * (the server's older days cannot join it: the gap to them already broke the streak, unless a
 * waiting day fills it, which the server's answer will show).
 * @param waitingDays The days with push-ups waiting on this device (any order, repeats allowed).
 */
export function streakWithWaiting(streak: Streak, waitingDays: readonly string[]): Streak {
  const { today } = streak;
  const yesterday = addDays(today, -1);
  const end = streak.current > 0 ? streak.currentEnd : null;
  // Only days the server's streak does not hold yet and that count today (none in a zone ahead).
  const added = [...new Set(waitingDays)].filter((day) => day <= today && (end === null || day > end)).sort();
  const last = added[added.length - 1];
  if (last === undefined) return streak;
  const todayLogged = streak.todayLogged || added.includes(today);

  let start: string;
  let restDaysUsedThisWeek = streak.restDaysUsedThisWeek;
  if (end !== null && streak.currentStart !== null) {
    start = streak.currentStart;
    // The waiting days of this week before today were counted as rest days of the streak.
    const weekStart = weekStartOf(today);
    restDaysUsedThisWeek -= added.filter((day) => day >= weekStart && day < today).length;
  } else {
    if (last !== today && last !== yesterday) return { ...streak, todayLogged };
    const active = new Set(added);
    start = last;
    while (active.has(addDays(start, -1))) start = addDays(start, -1);
    restDaysUsedThisWeek = 0;
  }
  const current = daysBetween(start, last) + 1;
  const longer = current > streak.longest;
  return {
    ...streak,
    current,
    currentStart: start,
    currentEnd: last,
    todayLogged,
    restDaysUsedThisWeek: Math.max(0, restDaysUsedThisWeek),
    longest: longer ? current : streak.longest,
    longestStart: longer ? start : streak.longestStart,
    longestEnd: longer ? last : streak.longestEnd,
  };
}
