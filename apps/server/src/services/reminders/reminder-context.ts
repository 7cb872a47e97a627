import type { Repositories } from '../../repositories';

/** Milliseconds since the epoch: the system clock, or a test's. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** A user's current streak in days at `now` in their zone (the habits' computation), 0 for none. */
export type StreakSource = (
  repos: Repositories,
  userUuid: string,
  timeZone: string,
  now: number,
) => Promise<number>;

/** The part of the server's (pino) logger the reminders write to. */
export interface ReminderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The zone's canonical name ('europe/berlin' is stored as 'Europe/Berlin'); X-Timezone is valid by now. */
export function canonicalZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

export const weekdaysToText = (weekdays: readonly number[]) => [...new Set(weekdays)].sort().join('');
export const weekdaysOf = (text: string) => [...text].map(Number);
