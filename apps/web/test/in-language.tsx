import type { ReactNode } from 'react';
import { activateLocale } from '@/lib/i18n/catalog';
import { LanguageProvider } from '@/lib/i18n/language';
import type { Locale } from '@/lib/i18n/locale';

/** Loads a language's catalogs and returns a wrapper that renders under it, as main.tsx does. */
export async function inLanguage(locale: Locale): Promise<(props: { children: ReactNode }) => ReactNode> {
  await activateLocale(locale);
  return ({ children }) => <LanguageProvider initial={locale}>{children}</LanguageProvider>;
}
