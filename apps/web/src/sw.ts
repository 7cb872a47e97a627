/// <reference lib="webworker" />
// First: no zod schema may exist before it (see the file).
import './lib/zod-config';
import { MESSAGES, type ReminderPayload, reminderPayloadSchema } from '@pushup/shared';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { POSE_FILES_PATH, POSE_RUNTIME_CHUNK } from './features/camera-counter/pose-model-files';
import { configureApiClient } from './lib/api-wiring';
import { flushOutbox, hasWaiting, OUTBOX_SYNC_TAG } from './lib/offline/outbox';
import { usableSessions } from './lib/offline/stored-session';

/**
 * The service worker (docs/product.md, "Offline"): the app shell and its assets precached, so the
 * app opens with no network; every page address gets the precached index.html (which the
 * server wrote its Firebase config into); the API is never served from here. A new version waits
 * until the user chooses Reload, so an open page never asks for assets its version no longer has.
 * With Background Sync, it sends the entries waiting on the device when the connection returns.
 * It shows the daily reminder a push brings, and a click on it opens the dashboard.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // The API and its documentation are the server's own pages, never the app's.
    denylist: [/^\/api(\/|$)/],
  }),
);

// The camera counter's pose model and runtime are not precached (vite.config.ts): they are kept on
// first use, so the counter works offline once it has run. Their addresses name their version (the
// packages' folder, the chunk's hash), so a kept answer never goes stale; a new runtime chunk replaces
// the one kept before it.
const POSE_RUNTIME = new RegExp(`^/assets/${POSE_RUNTIME_CHUNK}-[^/]+\\.js$`);
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (url.pathname.startsWith(POSE_FILES_PATH) || POSE_RUNTIME.test(url.pathname)),
  new CacheFirst({
    cacheName: 'pose-model',
    plugins: [
      {
        async cacheDidUpdate({ cacheName, request }) {
          if (!POSE_RUNTIME.test(new URL(request.url).pathname)) return;
          const cache = await caches.open(cacheName);
          for (const kept of await cache.keys()) {
            if (kept.url !== request.url && POSE_RUNTIME.test(new URL(kept.url).pathname))
              await cache.delete(kept);
          }
        },
      },
    ],
  }),
);

// An activated version controls the open pages at once: the first one, so that it works offline
// without a reload; a new one the user chose to reload into, whose page then reloads.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** A token that expires within this is not worth starting with. */
const TOKEN_MARGIN_MS = 60_000;

/** Sends each signed-in user's outbox with the token their page left; rejects so the browser tries again. */
async function sendOutboxes(): Promise<void> {
  let waiting = false;
  for (const session of await usableSessions(Date.now(), TOKEN_MARGIN_MS)) {
    configureApiClient({ getToken: async () => session.token, onSessionEnded: () => {} });
    waiting = hasWaiting(await flushOutbox(session.uid)) || waiting;
  }
  configureApiClient(null);
  if (waiting) throw new Error('Entries are still waiting to be sent');
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutboxes());
});

/** What a push brings: a reminder as the server sends it, or the plain reminder if it is unreadable. */
function reminderOf(event: PushEvent): ReminderPayload {
  try {
    const parsed = reminderPayloadSchema.safeParse(event.data?.json());
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the plain reminder below.
  }
  return { title: 'Pushup Tracker', body: MESSAGES.reminderTitle, url: '/', tag: 'daily-reminder' };
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: reminder.url },
    }),
  );
});

/** A click opens the page the reminder names (the dashboard) in an open window of the app, or a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const target = new URL(typeof path === 'string' ? path : '/', self.location.origin);
  // Only a page of this app: the payload names a path, never another site.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        await open.focus();
        await open.navigate(target.href);
      } else {
        await self.clients.openWindow(target.href);
      }
    })(),
  );
});
