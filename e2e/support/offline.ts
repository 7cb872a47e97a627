import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

/**
 * Helpers of the offline tests: the service worker ready, the answers saved on the device, and
 * the server's own view of a user's entries.
 */

/** Waits until the service worker is active (its precache is complete once it is). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
}

interface SavedQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/** The API answers saved on the device for offline use, as TanStack Query dehydrated them. */
export function savedQueries(page: Page): Promise<SavedQuery[]> {
  return page.evaluate(
    () =>
      new Promise<SavedQuery[]>((resolve, reject) => {
        const open = indexedDB.open('pushup-tracker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve([]);
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { state: { queries: SavedQuery[] } }[]).flatMap(
                (record) => record.state.queries,
              ),
            );
          };
        };
      }),
  );
}

/** What the offline dashboard would show: the saved total of the daily sums, and whether the profile and leaderboard are saved. */
async function savedDashboard(
  page: Page,
): Promise<{ total: number | null; profile: boolean; leaderboard: boolean }> {
  const queries = await savedQueries(page);
  const kind = (query: SavedQuery) =>
    String(query.queryKey[0] === 'pushups' ? query.queryKey[2] : query.queryKey[0]);
  const daily = queries.find((query) => kind(query) === 'daily')?.state.data as
    | { total: number }[]
    | undefined;
  return {
    total: daily ? daily.reduce((sum, day) => sum + day.total, 0) : null,
    profile: queries.some((query) => kind(query) === 'profile'),
    leaderboard: queries.some((query) => kind(query) === 'leaderboard'),
  };
}

/** Waits until the dashboard with this total is saved on the device, so a reload offline can show it. */
export async function dashboardSavedForOffline(page: Page, total: number): Promise<void> {
  await expect
    .poll(() => savedDashboard(page), { timeout: 15_000 })
    .toEqual({ total, profile: true, leaderboard: true });
}

/** The built service worker the e2e server serves (read per request by the server). */
const BUILT_SERVICE_WORKER = path.join(E2E.repoRoot, 'apps', 'web', 'dist', 'sw.js');

/** Runs `body` while the served service worker is a changed copy, as after a new build. */
export async function withNewBuild(body: () => Promise<void>): Promise<void> {
  const original = fs.readFileSync(BUILT_SERVICE_WORKER, 'utf8');
  fs.writeFileSync(BUILT_SERVICE_WORKER, `${original}\n// a new build ${Date.now()}\n`);
  try {
    await body();
  } finally {
    fs.writeFileSync(BUILT_SERVICE_WORKER, original);
  }
}
