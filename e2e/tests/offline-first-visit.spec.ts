import { expect, type Page, test } from '@playwright/test';
import { addDays } from '@pushup/shared';
import { checkPage } from '../support/a11y';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { savedQueries, serviceWorkerReady } from '../support/offline';
import { forgetSessionSnapshot, signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// Offline on a first visit (docs/product.md, "Offline"): the app is reloaded offline before the
// dashboard's answers were saved on the device, as on a train leaving the station. What it has not
// got says so; what is logged counts at once in today's total, the streak and both charts.
test.use({ serviceWorkers: 'allow', timezoneId: 'UTC', locale: 'en-US' });

const today = () => new Date().toISOString().slice(0, 10);
const noonOf = (day: string) => `${day}T12:00:00.000Z`;
const SAVED_OFFLINE = 'Saved on this device. It will be sent when you are back online.';
const UNAVAILABLE = 'Available when you are back online';

async function logPushups(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText(SAVED_OFFLINE).last()).toBeVisible();
  await expect(page.getByLabel('Pushup count')).toHaveValue('0');
}

/** The kinds of answer saved on the device for offline use ('daily', 'streak', 'profile', ...). */
async function savedKinds(page: Page): Promise<string[]> {
  return (await savedQueries(page)).map(({ queryKey }) =>
    String(queryKey[0] === 'pushups' ? queryKey[2] : queryKey[0]),
  );
}

/**
 * Leaves on the device only the saved answers not of these kinds (every one with 'all', and the
 * tab's 60-second copy of the profile and the board too: apps/web/src/lib/session-snapshot.ts), as
 * when the page was reloaded before they were saved.
 */
async function forgetSaved(page: Page, kinds: string[] | 'all'): Promise<void> {
  if (kinds === 'all') await forgetSessionSnapshot(page);
  await page.evaluate(
    (drop) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pushup-tracker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('queries', 'readwrite');
          const store = tx.objectStore('queries');
          const all = store.getAll();
          all.onsuccess = () => {
            type Saved = { uid: string; state: { queries: { queryKey: unknown[] }[] } };
            for (const record of all.result as Saved[]) {
              if (drop === 'all') {
                store.delete(record.uid);
                continue;
              }
              record.state.queries = record.state.queries.filter(({ queryKey }) => {
                const kind = String(queryKey[0] === 'pushups' ? queryKey[2] : queryKey[0]);
                return !drop.includes(kind);
              });
              store.put(record);
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    kinds,
  );
}

/** Goes offline once the dashboard's answers are saved, then leaves only some of them, as a reload too early would. */
async function offlineWithSaved(page: Page, forget: string[] | 'all'): Promise<void> {
  await serviceWorkerReady(page);
  await expect
    .poll(async () => (await savedKinds(page)).sort(), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['daily', 'profile', 'records', 'streak']));
  await page.context().setOffline(true);
  // A save that the cache's last change scheduled (300 ms later) is made now, as when the page is
  // hidden (lib/offline/query-persistence.ts): its write comes before the one that takes answers away.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await forgetSaved(page, forget);
  const left = await savedKinds(page);
  for (const kind of forget === 'all' ? ['daily', 'profile', 'streak', 'records'] : forget) {
    expect(left).not.toContain(kind);
  }
}

test('reloaded offline before the day sums and records were saved: nothing loads forever, and two sets count at once', async ({
  page,
  context,
}) => {
  const { email, username } = await signedInNewUser(page, 'firstoff');
  const token = await idTokenFor(email, PASSWORD);
  // Yesterday and the day before: a 2-day streak that today's sets carry on.
  await logPushupsViaApi(token, 20, noonOf(addDays(today(), -2)), 'UTC');
  await logPushupsViaApi(token, 25, noonOf(addDays(today(), -1)), 'UTC');
  await page.reload();
  await expect(page.getByText('45 recorded')).toBeVisible();
  const hero = page.getByRole('region', { name: /^(Ready for today's set\?|[\d,]+ pushups? today)$/ });
  await expect(hero).toContainText('2-day streak');

  // The device: the profile, the streak and the leaderboard saved, the day sums and the records not.
  await offlineWithSaved(page, ['daily', 'records']);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'You are offline' })).toBeVisible();
    const records = page.getByRole('region', { name: 'Records' });
    const daily = page.getByRole('region', { name: /^Last \d+ Days$/ });
    const progress = page.getByRole('region', { name: 'Overall Progress' });
    // Nothing saved for these cards: they say so instead of loading.
    await expect(records).toContainText(UNAVAILABLE);
    await expect(daily).toContainText(UNAVAILABLE);
    await expect(progress).toContainText(UNAVAILABLE);
    // The all-time total too, not '– recorded'.
    await expect(page.getByRole('region', { name: 'Log Pushups' })).toContainText(UNAVAILABLE);
    await expect(page.getByText(/Loading/)).toHaveCount(0);

    await logPushups(page, 10);
    await logPushups(page, 5);
    await expect(page.getByText('2 entries waiting to sync', { exact: true })).toBeVisible();
    // Today's total and the streak count them at once.
    await expect(page.getByRole('heading', { name: '15 pushups today' })).toBeVisible();
    await expect(hero).toContainText('3-day streak');
    await expect(hero).not.toContainText('Log today to keep your streak');
    // The all-time total without the server's part: what is known, and that it is not all.
    await expect(page.getByText('At least 15 recorded')).toBeVisible();
    // Both charts draw today's sets, and say that only this device's entries are in them.
    const bars = page.getByRole('table', { name: 'Pushups per day, last 30 days' });
    await expect(bars.getByRole('row').last()).toContainText(/Today.*15/);
    await expect(page.getByRole('img', { name: /Total pushups over time: 15 so far/ })).toBeVisible();
    await expect(daily).toContainText('Only the entries on this device');
    await expect(progress).toContainText('Only the entries on this device');
    await expect(records).toContainText(UNAVAILABLE);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }

  // Back online: the server's numbers, with both sets in them.
  await expect(page.getByText('60 recorded')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('entries waiting to sync')).toBeHidden();
  await expect(hero).toContainText('3-day streak');
  await expect(page.getByRole('region', { name: 'Records' })).toContainText('Best day');
  await expect(page.getByText('Only the entries on this device')).toHaveCount(0);
});

test('reloaded offline with nothing saved on the device: every card says so, and logged sets count at once', async ({
  page,
  context,
}) => {
  await signedInNewUser(page, 'nothing');
  await expect(page.getByText('0 recorded')).toBeVisible();

  // Nothing saved at all, not even the profile (choosing the username wrote it: the tab keeps no copy).
  await offlineWithSaved(page, 'all');
  try {
    await page.reload();
    // The dashboard all the same, so that the user can log: no name, no goal, no streak it cannot know.
    await expect(page.getByRole('heading', { name: 'Welcome!', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'You are offline' })).toBeVisible();
    for (const card of ['Records', 'Your Groups', 'Overall Progress', 'Log Pushups']) {
      await expect(page.getByRole('region', { name: card })).toContainText(UNAVAILABLE);
    }
    await expect(page.getByRole('region', { name: /^Last \d+ Days$/ })).toContainText(UNAVAILABLE);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    // Without the server's streak the hero claims none: no '0-day streak', no 'Log today to start'.
    await expect(page.getByText(/-day streak/)).toHaveCount(0);

    await logPushups(page, 10);
    await logPushups(page, 5);
    await expect(page.getByRole('heading', { name: '15 pushups today' })).toBeVisible();
    await expect(page.getByText('At least 15 recorded')).toBeVisible();
    const bars = page.getByRole('table', { name: 'Pushups per day, last 30 days' });
    await expect(bars.getByRole('row').last()).toContainText(/Today.*15/);
    await expect(page.getByRole('img', { name: /Total pushups over time: 15 so far/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Records' })).toContainText(UNAVAILABLE);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByText('15 recorded', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Your Groups' })).not.toContainText(UNAVAILABLE);
});

test('the offline first-visit dashboard is accessible in light and dark at 375 px and 1440 px', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signedInNewUser(page, 'offa11y');
  await expect(page.getByText('0 recorded')).toBeVisible();
  await offlineWithSaved(page, 'all');
  try {
    await page.reload();
    const heading = page.getByRole('heading', { name: 'Welcome!', exact: true });
    await expect(page.getByRole('region', { name: 'Records' })).toContainText(UNAVAILABLE);
    const bothThemes = async (name: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        // From the top: a full-page shot of a scrolled page draws the sticky header over the notice.
        await page.evaluate(() => window.scrollTo(0, 0));
        await checkPage(page, `${name}-${colorScheme}`, heading, { untilToastsLeave: true });
      }
    };
    // Nothing to show yet: every card says it comes with the connection.
    await bothThemes('dashboard-offline-nothing-saved');
    // Two sets logged: the charts draw them, with the word that they are this device's only.
    await page.emulateMedia({ colorScheme: 'light' });
    await logPushups(page, 10);
    await logPushups(page, 5);
    await expect(page.getByText('At least 15 recorded')).toBeVisible();
    // The toasts go first (a toast under the pointer stays): the screenshots show the page.
    await page.mouse.move(0, 0);
    await expect(page.getByText(SAVED_OFFLINE)).toHaveCount(0, { timeout: 20_000 });
    await bothThemes('dashboard-offline-device-only');
  } finally {
    await context.setOffline(false);
  }
});
