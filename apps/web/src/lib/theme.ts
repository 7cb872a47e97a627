import { isTheme, THEMES, type Theme } from '@pushup/shared';
import { useCallback, useEffect, useState } from 'react';

// System follows the device (the default); Light and Dark are the user's choice (docs/product.md,
// "Language and theme").
export { isTheme, THEMES, type Theme };

/** Where the device keeps the theme; public/boot.js applies it before the page paints. */
const THEME_STORAGE_KEY = 'pushup-theme';

export function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Whether the page is dark now (`data-theme` on <html> is the theme in effect, as boot.js set it). */
export function isDarkNow(): boolean {
  return document.documentElement.dataset.theme === 'dark';
}

const listeners = new Set<() => void>();

function showTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemIsDark());
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  // The browser's own bar matches the page (the colours of index.html and index.css).
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b1120' : '#c2410c');
  for (const listener of listeners) listener();
}

/**
 * Under System the page follows the device when its setting changes: every page, from the start,
 * whether or not anything on it reads the theme (main.tsx calls this once).
 */
export function followDeviceTheme(): void {
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (storedTheme() === 'system') showTheme('system');
  });
}

/** Applies a theme to the page (index.css reads `data-theme`) and keeps it on the device. */
export function applyTheme(theme: Theme): void {
  showTheme(theme);
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not stored on a device that blocks storage: the profile still has it.
  }
}

/** The chosen theme and whether the page is dark, updated when either changes. */
export function useTheme(): { theme: Theme; dark: boolean; setTheme: (theme: Theme) => void } {
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  const [dark, setDark] = useState(isDarkNow);
  useEffect(() => {
    const update = () => {
      setThemeState(storedTheme());
      setDark(isDarkNow());
    };
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  const setTheme = useCallback((next: Theme) => applyTheme(next), []);
  return { theme, dark, setTheme };
}
