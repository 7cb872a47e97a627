/**
 * When a reminder is due (docs/product.md, "Reminders"; decision 020): local times in IANA zones
 * turned into instants, across both daylight-saving changes, on the weekdays chosen. Pure: no
 * database, no clock.
 */
import { weekdayOf } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { nextDueAfter } from '../src/services/reminders/reminder-time';
import { localDayOf, localTimeToInstant } from '../src/services/shared/local-time';

const at = (day: string, time: string, zone: string) => localTimeToInstant(day, time, zone).toISOString();
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function next(time: string, weekdays: number[], timeZone: string, after: string): string | null {
  return nextDueAfter({ time, weekdays, timeZone }, new Date(after))?.toISOString() ?? null;
}

describe('a local time as an instant', () => {
  it('Europe/Berlin: winter (UTC+1), summer (UTC+2)', () => {
    expect(at('2026-01-15', '18:00', 'Europe/Berlin')).toBe('2026-01-15T17:00:00.000Z');
    expect(at('2026-07-15', '18:00', 'Europe/Berlin')).toBe('2026-07-15T16:00:00.000Z');
    // The day before and after each change.
    expect(at('2026-03-28', '18:00', 'Europe/Berlin')).toBe('2026-03-28T17:00:00.000Z');
    expect(at('2026-03-29', '18:00', 'Europe/Berlin')).toBe('2026-03-29T16:00:00.000Z');
    expect(at('2026-10-24', '18:00', 'Europe/Berlin')).toBe('2026-10-24T16:00:00.000Z');
    expect(at('2026-10-25', '18:00', 'Europe/Berlin')).toBe('2026-10-25T17:00:00.000Z');
  });

  it('Europe/Berlin, spring forward (29 March 2026, 02:00 -> 03:00): a time in the gap is due when the gap ends', () => {
    expect(at('2026-03-29', '01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29', '02:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '02:59', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '03:01', 'Europe/Berlin')).toBe('2026-03-29T01:01:00.000Z');
  });

  it('Europe/Berlin, fall back (25 October 2026, 03:00 -> 02:00): a time that comes twice is due the first time', () => {
    expect(at('2026-10-25', '01:59', 'Europe/Berlin')).toBe('2026-10-24T23:59:00.000Z');
    // 02:00 to 02:59 come in summer time (UTC+2) and again in winter time (UTC+1).
    expect(at('2026-10-25', '02:00', 'Europe/Berlin')).toBe('2026-10-25T00:00:00.000Z');
    expect(at('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('America/New_York across both changes (8 March and 1 November 2026)', () => {
    expect(at('2026-03-07', '07:00', 'America/New_York')).toBe('2026-03-07T12:00:00.000Z');
    expect(at('2026-03-08', '07:00', 'America/New_York')).toBe('2026-03-08T11:00:00.000Z');
    // 02:00 to 02:59 do not exist on 8 March: due at 03:00 EDT.
    expect(at('2026-03-08', '02:15', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 to 01:59 come twice on 1 November: the first is in EDT (UTC-4).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '07:00', 'America/New_York')).toBe('2026-11-01T12:00:00.000Z');
  });

  it('Pacific/Auckland, southern hemisphere: summer time from September to April, the date line near', () => {
    // NZST is UTC+12, NZDT UTC+13: the local day starts on the previous UTC day.
    expect(at('2026-06-10', '07:30', 'Pacific/Auckland')).toBe('2026-06-09T19:30:00.000Z');
    expect(at('2026-12-10', '07:30', 'Pacific/Auckland')).toBe('2026-12-09T18:30:00.000Z');
    // Spring forward on 27 September 2026 (02:00 -> 03:00).
    expect(at('2026-09-27', '02:30', 'Pacific/Auckland')).toBe('2026-09-26T14:00:00.000Z');
    // Fall back on 5 April 2026 (03:00 -> 02:00): 02:30 first in NZDT.
    expect(at('2026-04-05', '02:30', 'Pacific/Auckland')).toBe('2026-04-04T13:30:00.000Z');
    expect(localDayOf(new Date('2026-06-09T19:30:00Z'), 'Pacific/Auckland')).toBe('2026-06-10');
  });

  it('UTC and zones without daylight saving', () => {
    expect(at('2026-03-29', '02:30', 'UTC')).toBe('2026-03-29T02:30:00.000Z');
    expect(at('2026-03-08', '02:30', 'Asia/Kolkata')).toBe('2026-03-07T21:00:00.000Z');
  });
});

describe('the next time a reminder is due', () => {
  it('later today when the time is still ahead, else the next day; strictly after the given instant', () => {
    expect(next('18:00', EVERY_DAY, 'Europe/Berlin', '2026-06-01T10:00:00Z')).toBe(
      '2026-06-01T16:00:00.000Z',
    );
    expect(next('18:00', EVERY_DAY, 'Europe/Berlin', '2026-06-01T15:59:59.999Z')).toBe(
      '2026-06-01T16:00:00.000Z',
    );
    expect(next('18:00', EVERY_DAY, 'Europe/Berlin', '2026-06-01T16:00:00Z')).toBe(
      '2026-06-02T16:00:00.000Z',
    );
    expect(next('00:00', EVERY_DAY, 'Europe/Berlin', '2026-06-01T21:59:00Z')).toBe(
      '2026-06-01T22:00:00.000Z',
    );
  });

  it('only on the chosen weekdays (0 = Sunday), in the user’s zone, not UTC’s', () => {
    expect(weekdayOf('2026-06-01')).toBe(1);
    // Monday 1 June 2026 after 18:00: Mondays only, so a week later.
    expect(next('18:00', [1], 'Europe/Berlin', '2026-06-01T17:00:00Z')).toBe('2026-06-08T16:00:00.000Z');
    // Saturday and Sunday only, from a Monday.
    expect(next('09:00', [0, 6], 'Europe/Berlin', '2026-06-01T17:00:00Z')).toBe('2026-06-06T07:00:00.000Z');
    // Monday 1 June, 20:00 UTC is already Tuesday 08:00 in Auckland: its Tuesday 09:00 is an hour away.
    expect(next('09:00', [2], 'Pacific/Auckland', '2026-06-01T20:00:00Z')).toBe('2026-06-01T21:00:00.000Z');
    // New York's Monday evening is Tuesday in UTC.
    expect(next('21:00', [1], 'America/New_York', '2026-06-01T12:00:00Z')).toBe('2026-06-02T01:00:00.000Z');
    // No weekday: never.
    expect(next('18:00', [], 'Europe/Berlin', '2026-06-01T10:00:00Z')).toBeNull();
  });

  it('keeps the local time across the changes: each day at 18:00 local, the UTC hour moves', () => {
    const dueTimes: string[] = [];
    let after = '2026-03-27T12:00:00Z';
    for (let i = 0; i < 4; i++) {
      after = next('18:00', EVERY_DAY, 'Europe/Berlin', after) as string;
      dueTimes.push(after);
    }
    expect(dueTimes).toEqual([
      '2026-03-27T17:00:00.000Z',
      '2026-03-28T17:00:00.000Z',
      '2026-03-29T16:00:00.000Z',
      '2026-03-30T16:00:00.000Z',
    ]);
  });

  it('the gap: due once that day, at the end of the gap, then at the usual time', () => {
    const after = '2026-03-28T12:00:00Z';
    const first = next('02:30', EVERY_DAY, 'Europe/Berlin', after) as string;
    expect(first).toBe('2026-03-29T01:00:00.000Z');
    expect(next('02:30', EVERY_DAY, 'Europe/Berlin', first)).toBe('2026-03-30T00:30:00.000Z');
  });

  it('the doubled hour: due once, at the first 02:30, never at the second', () => {
    const first = next('02:30', EVERY_DAY, 'Europe/Berlin', '2026-10-24T12:00:00Z') as string;
    expect(first).toBe('2026-10-25T00:30:00.000Z');
    // From the first, and from between the two: the next is the following day's.
    expect(next('02:30', EVERY_DAY, 'Europe/Berlin', first)).toBe('2026-10-26T01:30:00.000Z');
    expect(next('02:30', EVERY_DAY, 'Europe/Berlin', '2026-10-25T01:00:00Z')).toBe(
      '2026-10-26T01:30:00.000Z',
    );
    // New York: 01:30 on 1 November 2026 once, in EDT.
    expect(next('01:30', [0], 'America/New_York', '2026-10-31T12:00:00Z')).toBe('2026-11-01T05:30:00.000Z');
    expect(next('01:30', [0], 'America/New_York', '2026-11-01T05:30:00Z')).toBe('2026-11-08T06:30:00.000Z');
  });
});
