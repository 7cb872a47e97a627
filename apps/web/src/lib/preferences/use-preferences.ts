import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '@/lib/auth';
import { useLanguage } from '@/lib/i18n/language';
import type { Locale } from '@/lib/i18n/locale';
import { type Theme, useTheme } from '@/lib/theme';
import type { PreferencesChange } from './save-preferences';

let changedHere = false;

/**
 * Whether the user changed the language or theme since this page loaded: then their choice wins over
 * the profile's, which the sync may read only afterwards (it loads with the signed-in pages).
 */
export function changedOnThisPage(): boolean {
  return changedHere;
}

/**
 * The language and theme with their setters, as every switch uses them: a change shows at once, is
 * stored on the device and, for a signed-in user, in the profile.
 */
export function usePreferences(): {
  locale: Locale;
  theme: Theme;
  setLocale: (locale: Locale) => Promise<void>;
  setTheme: (theme: Theme) => void;
} {
  const { locale, setLocale: showLocale } = useLanguage();
  const { theme, setTheme: showTheme } = useTheme();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const keep = useCallback(
    (change: PreferencesChange) => {
      if (!user) return Promise.resolve();
      // The call's code loads only when a signed-in user changes something: /login stays light.
      return import('./save-preferences')
        .then((module) => module.savePreferences(queryClient, user.uid, change))
        .catch(() => {
          toast.error(t`Kept on this device, but not saved to your profile. Try again when you are online.`, {
            id: 'preferences-not-saved',
          });
        });
    },
    [user, queryClient],
  );
  const setLocale = useCallback(
    async (next: Locale) => {
      changedHere = true;
      const saved = keep({ language: next });
      await showLocale(next);
      await saved;
    },
    [showLocale, keep],
  );
  const setTheme = useCallback(
    (next: Theme) => {
      changedHere = true;
      showTheme(next);
      void keep({ theme: next });
    },
    [showTheme, keep],
  );
  return { locale, theme, setLocale, setTheme };
}
