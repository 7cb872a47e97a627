import { expect, type Page, test } from '@playwright/test';
import { callApi, idTokenFor, logPushupsViaApi, type SeededEntry } from '../support/api';
import { dashboardSavedForOffline, serviceWorkerReady, withNewBuild } from '../support/offline';
import { signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// Installable and offline-first (docs/product.md, "Offline"): these tests need the service worker.
test.use({ serviceWorkers: 'allow', timezoneId: 'UTC', locale: 'en-US' });

const today = () => new Date().toISOString().slice(0, 10);

async function logPushups(page: Page, count: number, toast: string | RegExp) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText(toast).last()).toBeVisible();
  await expect(page.getByLabel('Pushup count')).toHaveValue('0');
}

const SAVED_OFFLINE = 'Saved on this device. It will be sent when you are back online.';

/** The server's own record of the user's entries of today, oldest first. */
async function serverEntries(token: string): Promise<SeededEntry[]> {
  const entries = await callApi<SeededEntry[]>(token, 'GET', `/api/pushups?from=${today()}&to=${today()}`);
  return entries.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

async function serverTotal(token: string, username: string): Promise<number | undefined> {
  const rows = await callApi<{ username: string; total: number }[]>(token, 'GET', '/api/pushups/leaderboard');
  return rows.find((row) => row.username === username)?.total;
}

test('installable: the manifest and the service worker leave Chromium no installability error', async ({
  page,
}) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  const session = await page.context().newCDPSession(page);
  const manifest = (await session.send('Page.getAppManifest')) as {
    url: string;
    errors: unknown[];
    data?: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
  expect(parsed).toMatchObject({
    name: 'Pushup Tracker',
    short_name: 'Pushups',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#c2410c',
  });
  const icons = parsed.icons as { sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons as unknown as { src: string }[]) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }

  // A Playwright context is incognito, which Chromium always reports; nothing else may be listed.
  await page.reload();
  const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
});

test('offline, a reload shows the dashboard; two entries logged offline reach the server exactly once', async ({
  page,
  context,
}) => {
  const { email, username } = await signedInNewUser(page, 'offline');
  const token = await idTokenFor(email, PASSWORD);
  // The worker takes the page over before the first set: on a first visit it does so once it is
  // installed, and the test's set should not race that.
  await serviceWorkerReady(page);
  await logPushups(page, 25, 'Pushups submitted successfully!');
  await expect(page.getByText('25 recorded')).toBeVisible();
  const leaderboard = page.getByRole('region', { name: 'Global Leaderboard' });
  await expect(leaderboard.getByRole('row').filter({ hasText: username })).toContainText('25');
  await dashboardSavedForOffline(page, 25);

  await context.setOffline(true);
  try {
    await page.reload();
    // The last known data, and a notice that says how old it is.
    await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
    const notice = page.getByRole('region', { name: 'You are offline' });
    await expect(notice).toContainText(/Showing your data as of .+ \((just now|1 minute ago)\)/);
    await expect(page.getByText('25 recorded')).toBeVisible();
    await expect(leaderboard.getByRole('row').filter({ hasText: username })).toContainText('25');
    await expect(page.getByRole('table', { name: 'Pushups per day, last 30 days' })).toBeAttached();

    await logPushups(page, 10, SAVED_OFFLINE);
    await expect(page.getByText('35 recorded')).toBeVisible();
    await logPushups(page, 5, SAVED_OFFLINE);
    await expect(page.getByText('40 recorded')).toBeVisible();
    await expect(page.getByText('2 entries waiting to sync', { exact: true })).toBeVisible();
    const bars = page.getByRole('table', { name: 'Pushups per day, last 30 days' });
    await expect(bars.getByRole('row').last()).toContainText(/Today.*40/);

    await page.getByRole('link', { name: 'Log History' }).first().click();
    // This day's list was never opened online: the entries of this device, and a word on the rest.
    const list = page.getByRole('list', { name: /, 20\d\d$/ });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Waiting to sync')).toHaveCount(2);
    await expect(
      page.getByText('You are offline: the entries of this day from before are not saved on this device.'),
    ).toBeVisible();
    expect(await serverEntries(token)).toHaveLength(1);
  } finally {
    await context.setOffline(false);
  }

  // Back online: both are sent, the marks go, and the server has each of them once.
  await expect
    .poll(async () => (await serverEntries(token)).map((entry) => entry.count), { timeout: 20_000 })
    .toEqual([25, 10, 5]);
  await expect(page.getByRole('region', { name: 'You are offline' })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: /, 20\d\d$/ }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  expect(await serverTotal(token, username)).toBe(40);
  await page.goto('/');
  await expect(page.getByText('40 recorded')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Global Leaderboard' }).getByRole('row').filter({ hasText: username }),
  ).toContainText('40');
});

test('an entry not yet sent can be changed and deleted offline; only what is left reaches the server', async ({
  page,
  context,
}) => {
  const { email } = await signedInNewUser(page, 'offedit');
  const token = await idTokenFor(email, PASSWORD);
  await serviceWorkerReady(page);

  await context.setOffline(true);
  try {
    await logPushups(page, 10, SAVED_OFFLINE);
    await logPushups(page, 5, SAVED_OFFLINE);
    await page.getByRole('link', { name: 'Log History' }).first().click();
    const list = page.getByRole('list', { name: /, 20\d\d$/ });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await list.getByRole('button', { name: /^Edit entry of .*, 10 pushups$/ }).click();
    await page.getByRole('spinbutton', { name: /^Pushup count of entry of / }).fill('12');
    await page.getByRole('spinbutton', { name: /^Pushup count of entry of / }).press('Enter');
    await expect(page.getByText('Pushup count updated successfully')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: '12 pushups' })).toContainText(
      'Waiting to sync',
    );

    await list.getByRole('button', { name: /^Delete entry of .*, 5 pushups$/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete this entry?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Pushup entry deleted successfully')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('Total: 12 pushups')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect
    .poll(async () => (await serverEntries(token)).map((entry) => entry.count), { timeout: 20_000 })
    .toEqual([12]);
  await expect(page.getByRole('list', { name: /, 20\d\d$/ }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
});

test.describe('with the page’s requests in the test’s hands', () => {
  // page.route() sees the page's requests only while no service worker stands between.
  test.use({ serviceWorkers: 'block' });

  test('the answer to a committed entry is lost: the retry finds it, and there is one entry', async ({
    page,
  }) => {
    const { email, username } = await signedInNewUser(page, 'lost');
    const token = await idTokenFor(email, PASSWORD);
    let lost = 0;
    await page.route('**/api/pushups', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch(); // The server commits the entry...
      await route.abort('connectionreset'); // ...and its answer never arrives.
    });

    // Only this answer was lost: the server still answers, so the page says it will try again.
    await logPushups(page, 30, 'Saved on this device. It will be sent as soon as the server can be reached.');
    await expect(page.getByText('1 entry waiting to sync', { exact: true })).toBeVisible();
    const [first] = await serverEntries(token);
    expect(first?.count).toBe(30);

    // The retry sends the same entry (the same id) again: the server answers with the one it has.
    await expect(page.getByText('1 entry waiting to sync', { exact: true })).toBeHidden({ timeout: 20_000 });
    expect(lost).toBe(1);
    expect(await serverEntries(token)).toEqual([first]);
    expect(await serverTotal(token, username)).toBe(30);
    await expect(page.getByText('30 recorded')).toBeVisible();
    await page.getByRole('link', { name: 'Log History' }).first().click();
    await expect(page.getByRole('list', { name: /, 20\d\d$/ }).getByRole('listitem')).toHaveCount(1);
  });
});

test('two tabs with the same waiting entries come online together: each entry reaches the server once', async ({
  page,
  context,
}) => {
  const { email, username } = await signedInNewUser(page, 'twotabs');
  const token = await idTokenFor(email, PASSWORD);
  await serviceWorkerReady(page);
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByText('0 recorded')).toBeVisible();

  await context.setOffline(true);
  try {
    await logPushups(page, 10, SAVED_OFFLINE);
    await logPushups(page, 20, SAVED_OFFLINE);
    // The other tab sees the entries waiting on this device at once.
    await expect(second.getByText('2 entries waiting to sync', { exact: true })).toBeVisible();
    await expect(second.getByText('30 recorded')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  for (const tab of [page, second]) {
    await expect(tab.getByText('entries waiting to sync')).toBeHidden({ timeout: 15_000 });
    await expect(tab.getByText('30 recorded')).toBeVisible();
  }
  expect((await serverEntries(token)).map((entry) => entry.count)).toEqual([10, 20]);
  expect(await serverTotal(token, username)).toBe(30);
});

test('an entry the server refuses on sync shows why, and can be fixed or discarded', async ({
  page,
  context,
}) => {
  const { email } = await signedInNewUser(page, 'refused');
  const token = await idTokenFor(email, PASSWORD);
  // The e2e server allows 1,500 a day (support/env.ts).
  await logPushupsViaApi(token, 1000, new Date().toISOString(), 'UTC');
  await page.reload();
  await expect(page.getByText(/^1,?000 recorded$/)).toBeVisible();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  try {
    await logPushups(page, 600, SAVED_OFFLINE);
    await logPushups(page, 700, SAVED_OFFLINE);
  } finally {
    await context.setOffline(false);
  }

  const notice = page.getByRole('region', { name: '2 entries were not saved' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^1,?000 recorded$/)).toBeVisible();
  await notice.getByRole('link', { name: 'Review the entries' }).click();
  const list = page.getByRole('list', { name: /, 20\d\d$/ });
  await expect(list.getByText('Not saved')).toHaveCount(2);
  const reason = `The server refused it: You can log at most 1,500 push-ups a day: 1,000 are already logged for ${today()}.`;
  await expect(list.getByRole('listitem').filter({ hasText: '600 pushups' })).toContainText(reason);

  // Discard one; fix the other to fit the day.
  await list.getByRole('button', { name: /^Discard entry of .*, 700 pushups$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this entry?' });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: '700 pushups' })).toHaveCount(0);
  await list.getByRole('button', { name: /^Edit entry of .*, 600 pushups$/ }).click();
  await page.getByRole('spinbutton', { name: /^Pushup count of entry of / }).fill('400');
  await page.getByRole('spinbutton', { name: /^Pushup count of entry of / }).press('Enter');
  await expect(list.getByText('Not saved')).toHaveCount(0);
  await expect
    .poll(async () => (await serverEntries(token)).map((entry) => entry.count), { timeout: 20_000 })
    .toEqual([1000, 400]);
  await expect(page.getByText('Total: 1,400 pushups')).toBeVisible();
  await expect(list.getByText('Waiting to sync')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /not saved/ })).toBeHidden();
});

test('with the page closed, Background Sync sends what was logged offline', async ({ page, context }) => {
  const { email } = await signedInNewUser(page, 'bgsync');
  const token = await idTokenFor(email, PASSWORD);
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await logPushups(page, 15, SAVED_OFFLINE);
  await page.close();
  // Nothing could leave the device while it was offline; back online, the worker alone can send it
  // (Chromium may fire the sync itself as soon as the network is back, or DevTools fires it below).
  expect(await serverEntries(token)).toEqual([]);
  await context.setOffline(false);

  // No page of the app is open: only the worker can send it. DevTools fires its sync event.
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  session.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => {
    registrations.push(...event.registrations);
  });
  await session.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const registration = registrations[0];
  if (!registration) throw new Error('no service worker registration');
  await session.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(registration.scopeURL).origin,
    registrationId: registration.registrationId,
    tag: 'pushup-outbox',
    lastChance: false,
  });
  await expect.poll(async () => (await serverEntries(token)).map((entry) => entry.count)).toEqual([15]);
});

test('a new build is announced with Reload, which brings it in', async ({ page }) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  await withNewBuild(async () => {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('region', { name: 'App update' });
    await expect(prompt).toContainText('A new version is available');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('region', { name: 'App update' })).toBeHidden();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: Boolean(registration?.waiting),
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
  });
});
