import { localDate } from '@pushup/shared';
import { dateTimeFormat } from './i18n/format';

/** The ways the app names a calendar day (`YYYY-MM-DD`), in the active language. */
const STYLES = {
  /** 'Sunday, November 22, 2026' */
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** 'November 22, 2026' */
  date: { month: 'long', day: 'numeric', year: 'numeric' },
  /** 'Sun, Nov 22, 2026' */
  short: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** 'November 2026' */
  month: { month: 'long', year: 'numeric' },
  /** 'Nov 22' (chart axis) */
  axis: { month: 'short', day: 'numeric' },
  /** 'Sun 22' (chart axis of a week) */
  weekAxis: { weekday: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DayStyle = keyof typeof STYLES;

/** `day` named in `style`; a value that is not a day is shown as it is. */
export function formatDay(day: string, style: DayStyle): string {
  const date = localDate(day.slice(0, 10));
  return Number.isNaN(date.getTime()) ? day : dateTimeFormat(STYLES[style]).format(date);
}

/** An instant (ISO) named in `style` on the user's own calendar: the day it was there, not in UTC. */
export function formatInstant(iso: string, style: DayStyle): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(STYLES[style]).format(date);
}

/** A range of days in the active language, without repeating what both share: 'Nov 20 – 23, 2026'. */
export function formatDayRange(start: string, end: string): string {
  const from = localDate(start.slice(0, 10));
  const to = localDate(end.slice(0, 10));
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
  return dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' }).formatRange(from, to);
}
