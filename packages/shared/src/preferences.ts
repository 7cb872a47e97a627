/**
 * The user's language and theme (docs/product.md, "Language and theme"): kept in the profile so
 * that they follow the user to another device; null in the profile until the user chooses.
 */

/** The languages the app speaks, English first (the fallback). */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** System follows the device (the default); Light and Dark are the user's choice. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}
