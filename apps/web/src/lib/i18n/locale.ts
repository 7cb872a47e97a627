import { isLanguage, LANGUAGES, type Language } from '@pushup/shared';

/** The languages the app speaks (docs/product.md, "Language and theme"), English first as the fallback. */
export const LOCALES = LANGUAGES;
export type Locale = Language;
export const isLocale = isLanguage;

/** Each language named in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/** Where the device keeps the chosen language; public/boot.js reads the same key before the page paints. */
const LOCALE_STORAGE_KEY = 'pushup-language';

/** The language chosen on this device (stored when chosen), or null while none was. */
export function chosenLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Storage can be blocked: nothing was kept as chosen.
    return null;
  }
}

/** The language stored on this device, else the first of the browser's languages we speak, else English. */
export function detectLocale(): Locale {
  const chosen = chosenLocale();
  if (chosen) return chosen;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const language = tag?.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not stored on a device that blocks storage: the profile still has it.
  }
}
