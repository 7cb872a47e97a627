import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { useLanguage } from '@/lib/i18n/language';
import { chosenLocale } from '@/lib/i18n/locale';
import { useProfile } from '@/lib/profile';
import { applyTheme, storedTheme } from '@/lib/theme';
import { savePreferences } from './save-preferences';
import { changedOnThisPage } from './use-preferences';

/**
 * Once per sign-in: the profile's language and theme follow the user to this device; a profile that
 * has none yet takes a language or theme chosen on this device (so a reminder, too, comes in the
 * user's language), never one the browser only suggested: stored, a guess would follow the user to
 * every other device as if chosen.
 */
export function PreferencesSync() {
  const user = useCurrentUser();
  const { data: profile } = useProfile();
  const { locale, setLocale } = useLanguage();
  const queryClient = useQueryClient();
  const synced = useRef<string | null>(null);

  useEffect(() => {
    if (!profile || synced.current === user.uid) return;
    synced.current = user.uid;
    // A choice made on this page wins over the profile's (which may have loaded only after it):
    // the profile takes it, also when it was made before sign-in.
    if (changedOnThisPage()) {
      const theme = storedTheme();
      const change = {
        ...(profile.language === locale ? {} : { language: locale }),
        ...(profile.theme === theme ? {} : { theme }),
      };
      if (Object.keys(change).length > 0)
        void savePreferences(queryClient, user.uid, change).catch(() => undefined);
      return;
    }
    if (profile.theme && profile.theme !== storedTheme()) applyTheme(profile.theme);
    const chosenLanguage = chosenLocale();
    const missing = {
      ...(profile.language ? {} : chosenLanguage ? { language: chosenLanguage } : {}),
      ...(profile.theme || storedTheme() === 'system' ? {} : { theme: storedTheme() }),
    };
    if (Object.keys(missing).length > 0)
      void savePreferences(queryClient, user.uid, missing).catch(() => undefined);
    if (profile.language && profile.language !== locale) void setLocale(profile.language);
  }, [profile, user.uid, locale, setLocale, queryClient]);

  return null;
}
