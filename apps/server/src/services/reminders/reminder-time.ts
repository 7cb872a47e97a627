import { addDays, weekdayOf } from '@pushup/shared';
import { localDayOf, localTimeToInstant } from '../shared/local-time';

/**
 * When a daily reminder is due (docs/product.md, "Reminders"; decision 020): a local time on some
 * weekdays in the user's IANA zone (shared/local-time.ts has the zone arithmetic and its
 * daylight-saving rules).
 */

export interface ReminderSchedule {
  /** `HH:MM`, 24-hour, local. */
  time: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** IANA zone. */
  timeZone: string;
}

/**
 * The first instant strictly after `after` at which the reminder is due, or null when it has no
 * weekday. Looks at the local day of `after` and the seven days after it (the time may already
 * have passed today, and the next enabled weekday may be a week away).
 */
export function nextDueAfter(schedule: ReminderSchedule, after: Date): Date | null {
  const weekdays = new Set(schedule.weekdays);
  if (weekdays.size === 0) return null;
  // From the day before: robust to any transition that moves a due instant across midnight.
  let day = addDays(localDayOf(after, schedule.timeZone), -1);
  for (let i = 0; i < 9; i++, day = addDays(day, 1)) {
    if (!weekdays.has(weekdayOf(day))) continue;
    const due = localTimeToInstant(day, schedule.time, schedule.timeZone);
    if (due.getTime() > after.getTime()) return due;
  }
  return null;
}
