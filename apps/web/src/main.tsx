// First: it must run before any zod schema is made (see the file).
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setErrorTranslator } from './lib/api-wiring';
import { preloadStoredSession } from './lib/firebase';
import { activateLocale, localizeMessage } from './lib/i18n/catalog';
import { errorText } from './lib/i18n/error-text';
import { LanguageProvider } from './lib/i18n/language';
import { detectLocale } from './lib/i18n/locale';
import { followDeviceTheme } from './lib/theme';
import './index.css';

// A stored session: Firebase Auth loads beside the catalog, to restore it (lib/firebase.ts).
preloadStoredSession();
followDeviceTheme();

// The service worker registers once the page has loaded (never in development or tests), so the
// first page waits for none of its code (docs/product.md, "Offline").
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./lib/register-service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// A page of an older version asks for a chunk the server no longer has (a new version was
// deployed, or another tab activated it): load the current version instead of failing.
// Once a minute at most, so a chunk that is really missing cannot reload the page in a loop.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'pushup-reloaded-for-chunk';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

// The first render is already in the user's language: its catalog loads first.
setErrorTranslator({ error: errorText, text: localizeMessage });
const locale = detectLocale();
void activateLocale(locale).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <LanguageProvider initial={locale}>
          <App />
        </LanguageProvider>
      </StrictMode>,
    ),
  ),
);
