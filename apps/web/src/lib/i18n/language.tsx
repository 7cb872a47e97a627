import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { activateLocale } from './catalog';
import { type Locale, rememberLocale } from './locale';

interface LanguageContextValue {
  locale: Locale;
  /** Loads the language, keeps it on the device and shows every screen in it. */
  setLocale: (locale: Locale) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The page's language. `initial` is already active (main.tsx loads it before the first render). A
 * change renders the app anew under the new language, so every text, number and date follows it.
 */
export function LanguageProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initial);
  const setLocale = useCallback(async (next: Locale) => {
    rememberLocale(next);
    if (next === i18n.locale) return;
    await activateLocale(next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LanguageContext.Provider value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}
