import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { isLocale, LOCALE_NAMES, LOCALES } from '@/lib/i18n/locale';
import { usePreferences } from '@/lib/preferences/use-preferences';
import { isTheme, THEMES } from '@/lib/theme';

const THEME_NAMES = { system: msg`System`, light: msg`Light`, dark: msg`Dark` } as const;

const selectClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm hover:border-slate-400';

/** The language and theme switches: in the top bar's menu and on the profile. */
export function PreferenceSelects({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const { locale, theme, setLocale, setTheme } = usePreferences();
  const id = useId();
  return (
    <div className={cn('grid gap-3 sm:grid-cols-2', className)}>
      <div>
        <label htmlFor={`${id}-language`} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {t`Language`}
        </label>
        <select
          id={`${id}-language`}
          className={selectClasses}
          value={locale}
          onChange={(event) => {
            if (isLocale(event.target.value)) void setLocale(event.target.value);
          }}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-theme`} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {t`Theme`}
        </label>
        <select
          id={`${id}-theme`}
          className={selectClasses}
          value={theme}
          onChange={(event) => {
            if (isTheme(event.target.value)) setTheme(event.target.value);
          }}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {i18n._(THEME_NAMES[name])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
