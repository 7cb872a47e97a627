import { CLOCK_SKEW_MS, dailyLimitMessage, dayInZone, EARLIEST_DAY, MESSAGES } from '@pushup/shared';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import type { UserHabits } from '../../repositories/users.repository';
import { writeDayLines } from '../challenges/feed-writes';
import { earnAfterEntryWrite, streakRange } from '../habits/earning';

/**
 * The one way a new entry is logged, in the transaction of the call that logs it: POST /api/pushups
 * (PushupsService.create) and a finished workout (POST /api/workouts) alike, so that the day sums,
 * the running total, the rank bands, the daily limit and the achievements follow every entry the
 * same way (docs/product.md, "Achievements"; decision 019).
 */

/**
 * The instant an entry is stamped with and the day it counts for in the caller's zone. Refuses
 * the future (beyond clock skew) and days before 2025-01-01 with the messages of docs/product.md,
 * "Validation".
 */
export function entryDate(
  raw: string | undefined,
  timezone: string,
  nowMs: number,
): { date: string; day: string } {
  const instant = raw === undefined ? new Date(nowMs) : new Date(raw);
  if (Number.isNaN(instant.getTime())) throw new AppError('VALIDATION_ERROR', MESSAGES.pushupDateInvalid);
  if (instant.getTime() > nowMs + CLOCK_SKEW_MS) throw new AppError('VALIDATION_ERROR', MESSAGES.futureDate);
  const day = dayInZone(instant, timezone);
  if (day < EARLIEST_DAY) throw new AppError('VALIDATION_ERROR', MESSAGES.dateBeforeEarliest);
  return { date: instant.toISOString(), day };
}

/** Refuses a day that would hold more than `max` push-ups, saying how many it already holds. */
export function overDailyLimit(max: number, day: string, already: number): AppError {
  return new AppError('VALIDATION_ERROR', dailyLimitMessage(max, day, already));
}

/** A new entry: its id, count, instant and day. */
interface EntryToLog {
  uuid: string;
  count: number;
  date: string;
  day: string;
}

/** When the entry is logged, in the caller's zone. */
interface LogClock {
  firebaseUid: string;
  timeZone: string;
  today: string;
  now: string;
}

/** What a log did: written, or nothing because the id is taken (the caller decides what that means). */
interface LogOutcome {
  user: UserHabits;
  written: boolean;
}

/**
 * Logs `entry` for the caller behind their row lock (held until commit): the insert comes before the
 * daily limit, so a new entry costs the statements it always did, a repeat is recognised before the
 * limit could refuse it, and a refused entry's writes go back with the transaction. Then earns what
 * it reached. A taken id writes nothing and earns nothing.
 */
export async function logNewEntry(
  repos: Repositories,
  entry: EntryToLog,
  clock: LogClock,
  maxPushupsPerDay: number,
): Promise<LogOutcome> {
  const row = { ...entry, created_at: clock.now, updated_at: clock.now };
  const logged = await repos.pushups.logEntry(clock.firebaseUid, row, streakRange(entry.day));
  if (!logged) throw userNotFound();
  const { user, written, streakCheck } = logged;
  if (written === undefined) return { user, written: false };
  const { dayTotal, total } = written;
  if (dayTotal > maxPushupsPerDay) throw overDailyLimit(maxPushupsPerDay, entry.day, dayTotal - entry.count);
  // The day's first push-ups: its line in the feeds of the user's groups (updated in place after).
  if (dayTotal === entry.count) await writeDayLines(repos, user.uuid, entry.day, clock.now);
  await earnAfterEntryWrite(repos, {
    user,
    today: clock.today,
    now: clock.now,
    timeZone: clock.timeZone,
    totalBefore: total - entry.count,
    totalAfter: total,
    day: entry.day,
    dayBefore: dayTotal - entry.count,
    dayAfter: dayTotal,
    streakCheck,
  });
  return { user, written: true };
}
