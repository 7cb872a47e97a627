// Runs before the page paints (a plain script in <head>, allowed by the CSP's 'self'): the stored
// language and theme are on <html> at once, so the page never flashes the wrong theme.
// The keys and values are those of src/lib/i18n/locale.ts and src/lib/theme.ts.
(() => {
  const root = document.documentElement;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  // data-theme is the theme in effect: the choice, or the device's setting under System.
  const theme = read('pushup-theme');
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  const dark = theme === 'dark' || (theme !== 'light' && systemDark);
  root.dataset.theme = dark ? 'dark' : 'light';
  if (dark) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', '#0b1120');
  let language = read('pushup-language');
  if (language !== 'en' && language !== 'de') {
    language = 'en';
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag).toLowerCase().split('-')[0];
      if (code === 'en' || code === 'de') {
        language = code;
        break;
      }
    }
  }
  root.lang = language;
  // The first date formatter loads Intl's time zone and calendar data, about 20 ms on a slow phone:
  // here, before the first paint, instead of inside the first page's work, where it held the main
  // thread while the page was meant to answer a tap (docs/performance.md, "The web app").
  try {
    Intl.DateTimeFormat(language).resolvedOptions();
  } catch {
    // No Intl: the app formats without it.
  }
})();
