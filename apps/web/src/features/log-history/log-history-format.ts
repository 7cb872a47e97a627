import { plural, t } from '@lingui/core/macro';
import {
  daysBetween,
  isCalendarDay,
  PUSHUP_COUNT_MAX,
  PUSHUP_COUNT_MIN,
  validateEntryDay,
} from '@pushup/shared';
import { sharedMessage } from '@/lib/i18n/catalog';
import { dateTimeFormat } from '@/lib/i18n/format';

/**
 * The pure rules of the Log History page: which day the URL names, how days and times read, and
 * what an edited count means. Kept apart from the components so they can be tested directly.
 */

/** The day of `?day=`: a real calendar day from 2025-01-01 to today, otherwise today. */
export function resolveDay(raw: string | null, today: string): string {
  if (raw && isCalendarDay(raw) && validateEntryDay(raw, today) === null) return raw;
  return today;
}

/** How far back `day` is, for the eyebrow above its title: 'Today', 'Yesterday', '5 days ago'. */
export function relativeDay(day: string, today: string): string {
  const days = daysBetween(day, today);
  if (days <= 0) return t`Today`;
  if (days === 1) return t`Yesterday`;
  return plural(days, { one: '# day ago', other: '# days ago' });
}

/** The local time of an entry's instant in the active language: '12:00 PM' in English, '12:00' in German. */
export function formatEntryTime(isoDate: string): string {
  return dateTimeFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(isoDate));
}

/** The local wall-clock time of an instant as a time input holds it: '07:30'. */
export function localTimeOf(isoDate: string): string {
  const date = new Date(isoDate);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** '1 pushup', '1,234 pushups' in the active language. */
export function pushupsLabel(count: number): string {
  return plural(count, { one: '# pushup', other: '# pushups' });
}

export type EditCountResult = { ok: true; count: number } | { ok: false; message: string };

/**
 * The count typed into the edit input (docs/product.md, "Validation": minimum 0, an empty value counts as 0).
 * `badInput` is the input's validity flag: the browser reports text it cannot read as a number as ''.
 */
export function parseEditCount(raw: string, badInput = false): EditCountResult {
  const invalid = { ok: false, message: sharedMessage('pushupEditCountRange') } as const;
  if (badInput) return invalid;
  const text = raw.trim();
  if (text === '') return { ok: true, count: 0 };
  // What a number input can hold: digits with an optional sign, fraction and exponent.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return invalid;
  const count = Number(text);
  if (!Number.isInteger(count) || count < PUSHUP_COUNT_MIN || count > PUSHUP_COUNT_MAX) return invalid;
  return { ok: true, count };
}
