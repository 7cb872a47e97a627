import { i18n } from '@lingui/core';

/**
 * The active language for Intl: numbers, dates and plurals follow the chosen language, not the
 * browser's. Call at render time: the pages render anew when the language changes.
 */
export function currentLocale(): string {
  return i18n.locale || 'en';
}

/**
 * Intl's formatters, made once per language, options and UTC offset: making one costs far more than
 * using it (a date formatter about 0.1 ms, on a slow phone several times that), and a page formats
 * hundreds of numbers and dates. The offset is part of the key because a date formatter keeps the
 * time zone it was made in: a device that moves to another zone gets new formatters.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  make: (locale: string) => F,
): F {
  const locale = currentLocale();
  const key = `${kind}|${locale}|${new Date().getTimezoneOffset()}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Intl.NumberFormat in the active language. */
export function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options));
}

/** Intl.DateTimeFormat in the active language and the device's time zone (unless `options` names one). */
export function dateTimeFormat(options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** Intl.RelativeTimeFormat in the active language. */
export function relativeTimeFormat(options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options));
}

/** A number as the active language writes it: '1,234' in English, '1.234' in German. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** The device's time zone ('Europe/Berlin'), which the server needs to know the user's day. */
export function userTimeZone(): string {
  try {
    return dateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
