import { isLanguage, isTheme, type Language, type Theme } from '@pushup/shared';

/**
 * The language and theme a profile holds, as the API answers them: null when not chosen, and a
 * stored value the app does not know (a language since removed) reads as not chosen.
 */
export function knownPreferences(user: { language: string | null; theme: string | null }): {
  language: Language | null;
  theme: Theme | null;
} {
  return {
    language: isLanguage(user.language) ? user.language : null,
    theme: isTheme(user.theme) ? user.theme : null,
  };
}
