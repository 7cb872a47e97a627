import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './app-update';

/**
 * Registers the worker; a waiting new version is offered to the user instead of taking over.
 * Reload asks it to take over; once it controls the page (it claims every open page), the page
 * loads again from the new version.
 */
export function registerServiceWorker(): void {
  const activate = registerSW({
    onNeedRefresh: () =>
      offerUpdate(async () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        await activate(true);
      }),
    // workbox-window reloads only for an update it saw begin; the listener above covers every case.
    onNeedReload: () => {},
  });
}
