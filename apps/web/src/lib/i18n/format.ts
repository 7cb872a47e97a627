import { i18n } from '@lingui/core';

/**
 * The active language for Intl: numbers, dates and plurals follow the chosen language, not the
 * browser's. Call at render time: the pages render anew when the language changes.
 */
export function currentLocale(): string {
  return i18n.locale || 'en';
}

/** A number as the active language writes it: '1,234' in English, '1.234' in German. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}
