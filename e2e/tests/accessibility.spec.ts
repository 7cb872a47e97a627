import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ACHIEVEMENTS } from '@pushup/shared';
import { checkPage, screenshotDir, screenshotForReview, screenshotsForReview } from '../support/a11y';
import { logPushupsViaApi } from '../support/api';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { serviceWorkerReady } from '../support/offline';
import { chooseUsername, signedInBeforeUsername, signedInNewUser } from '../support/pages';
import { registeredUser, tokenOf, uniqueUsername } from '../support/users';

// Several page states per test, each checked by axe (support/a11y.ts, checkPage).
test.describe.configure({ timeout: 120_000 });

test('signed-out pages are accessible at 375 px and 1440 px', async ({ page }) => {
  for (const route of ['/login', '/terms', '/privacy', '/cookies', '/imprint']) {
    await page.goto(route);
    // The sign-in page's layout differs by width; the legal pages are one column of text.
    await checkPage(page, route.slice(1), undefined, { axe: route === '/login' ? 'both' : 'phone' });
  }
});

/** A new user signed in with 25 push-ups logged today: real data, so that the charts, the leaderboard and the day's entries are what axe checks. */
async function signedInWithPushups(page: Page) {
  const { token } = await signedInNewUser(page, 'a11y');
  await logPushupsViaApi(token, 25, new Date().toISOString(), 'UTC');
}

test('the username dialog and the dashboard are accessible at 375 px and 1440 px', async ({ page }) => {
  const { email } = await signedInBeforeUsername(page, 'a11y');
  await checkPage(page, 'username-modal', page.getByRole('dialog'));
  await chooseUsername(page, uniqueUsername('a11y'));
  await logPushupsViaApi(await tokenOf(email), 25, new Date().toISOString(), 'UTC');
  await page.goto('/');
  await expect(page.getByText('25 recorded')).toBeVisible();
  await expect(page.getByRole('img', { name: /Total pushups over time/ })).toBeVisible();
  // The top bar's menu and the dashboard's columns differ by width.
  await checkPage(page, 'dashboard', undefined, { axe: 'both' });
  await page.getByRole('button', { name: /Date: Today/ }).click();
  await checkPage(page, 'dashboard-calendar');
});

test('the profile, Log History and groups are accessible at 375 px and 1440 px', async ({ page }) => {
  await signedInWithPushups(page);
  for (const route of ['/profile', '/log-history', '/groups']) {
    await page.goto(route);
    await checkPage(page, route.slice(1));
  }
});

test('the habit loop is accessible at 375 px and 1440 px: streak, records, an announcement, achievements and the reminder', async ({
  page,
}) => {
  const { token } = await signedInNewUser(page, 'habits');
  // Four days in a row up to yesterday: a 4-day streak, today still empty, two achievements to announce.
  for (const [daysAgo, count] of [
    [4, 30],
    [3, 45],
    [2, 55],
    [1, 40],
  ] as const) {
    await logPushupsViaApi(token, count, new Date(Date.now() - daysAgo * 86_400_000).toISOString(), 'UTC');
  }

  // The announcement lasts a few seconds: photographed at both widths as soon as it shows.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const announcement = page.getByRole('region', { name: /achievements? unlocked!/ });
  await expect(announcement).toBeVisible();
  await screenshotsForReview(page, 'announcement');
  await expect(page.getByText('4-day streak')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Records' })).toContainText('Best day');
  await expect(announcement).toBeHidden({ timeout: 15_000 });
  await checkPage(page, 'dashboard-streak');

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Achievements' })).toContainText(
    `of ${ACHIEVEMENTS.length} earned`,
  );
  await expect(
    page.getByRole('region', { name: 'Daily reminder' }).getByRole('button', { name: 'Save reminder' }),
  ).toBeVisible();
  await checkPage(page, 'profile-habits');
});

test('the profile’s Your data card is accessible at 375 px and 1440 px: downloads, the leaderboard choice and an import preview', async ({
  page,
}) => {
  const { token } = await signedInNewUser(page, 'yourdata');
  await logPushupsViaApi(token, 30, new Date(Date.now() - 86_400_000).toISOString(), 'UTC');

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  await card.getByRole('group', { name: 'Global leaderboard' }).getByText('Hidden', { exact: true }).click();
  await expect(page.getByText('You are hidden from the global leaderboard')).toBeVisible();
  // A preview with every kind of row: to import, already held, refused (with reasons).
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const file = [
    'date,count',
    `${yesterday},30`,
    '2025-03-01,25',
    '2025-03-02,0',
    '2024-12-31,10',
    '2099-01-01,5',
    'not a date,5',
  ].join('\n');
  await card
    .getByLabel('Import entries')
    .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(card.getByText('4 rows refused')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await checkPage(page, 'profile-your-data');
  await screenshotsForReview(page, 'profile-your-data-card', card);

  // The user's own row on the dashboard, marked hidden.
  await page.goto('/');
  const board = page.getByRole('region', { name: 'Global Leaderboard' });
  await expect(board.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /achievements? unlocked!/ })).toBeHidden({ timeout: 15_000 });
  await checkPage(page, 'dashboard-hidden-from-leaderboard');
  await screenshotsForReview(page, 'leaderboard-hidden-row', board);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the offline notice, an entry waiting to sync and a refused entry are accessible at 375 px and 1440 px', async ({
    page,
    context,
  }) => {
    const { token } = await signedInNewUser(page, 'a11yoff');
    // The e2e server allows 1,500 a day: the second entry below goes over it.
    await logPushupsViaApi(token, 1000, new Date().toISOString(), 'UTC');
    await page.goto('/log-history');
    await expect(page.getByText('Total: 1,000 pushups')).toBeVisible();
    await page.goto('/');
    await expect(page.getByText(/^1,?000 recorded$/)).toBeVisible();
    // The app's pages are on the device once the service worker is active.
    await serviceWorkerReady(page);

    await context.setOffline(true);
    try {
      for (const count of [300, 400]) {
        await page.getByLabel('Pushup count').fill(String(count));
        await page.getByRole('button', { name: 'Submit Pushups' }).click();
        await expect(page.getByLabel('Pushup count')).toHaveValue('0');
      }
      await expect(page.getByRole('region', { name: 'You are offline' })).toBeVisible();
      await checkPage(page, 'dashboard-offline');
      await page.getByRole('link', { name: 'Log History' }).first().click();
      await expect(page.getByText('Waiting to sync', { exact: true })).toHaveCount(2);
      await checkPage(page, 'log-history-waiting');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByText('Not saved', { exact: true })).toBeVisible({ timeout: 20_000 });
    // The refusal's toast leaves first: axe measured its text half faded in or out as low contrast.
    await checkPage(page, 'log-history-refused', undefined, { untilToastsLeave: true });
  });
});

test('touch targets are at least 44 x 44 px at 375 px: header icons, calendars, member actions, the search’s clear, counter, quick adds, 7/30', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const { token } = await signedInNewUser(page, 'thumbs');
  const group = await createGroupViaApi(token, groupName('Thumbs'));
  const mate = await registeredUser('mate');
  await acceptInviteViaApi(mate.token, (await createInviteViaApi(token, group.id)).code);

  const tooSmall: string[] = [];
  const measure = async (what: string, locator: Locator) => {
    const count = await locator.count();
    expect(count, `${what} is on the page`).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const box = await locator.nth(index).boundingBox();
      if (!box || box.width < 44 || box.height < 44) {
        tooSmall.push(
          `${what} #${index}: ${box ? `${box.width.toFixed(1)} x ${box.height.toFixed(1)}` : 'hidden'}`,
        );
      }
    }
  };

  await page.goto('/log-history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  await measure('language and theme', banner.getByRole('button', { name: 'Language and theme' }));
  await measure('menu', banner.getByRole('button', { name: 'Open menu' }));
  const calendar = page.getByRole('group', { name: /Choose a day/ });
  await measure('calendar day', calendar.getByRole('button'));
  await measure('previous month', page.getByRole('button', { name: 'Previous month' }));
  await measure('next month', page.getByRole('button', { name: 'Next month' }));
  await screenshotForReview(page, path.join(screenshotDir, 'touch-log-history-phone.png'), {
    fullPage: true,
  });

  await page.goto('/groups');
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByTitle(mate.username, { exact: true })).toBeVisible();
  await measure('promote', members.getByRole('button', { name: /^Promote/ }));
  await measure('remove', members.getByRole('button', { name: /^Remove/ }));
  await screenshotForReview(page, path.join(screenshotDir, 'touch-groups-phone.png'), { fullPage: true });

  await page.goto('/');
  const groups = page.getByRole('region', { name: 'Your Groups' });
  await groups.getByRole('button', { name: 'Search groups' }).click();
  await groups.getByLabel('Find a group').fill('abc');
  await measure('clear search', groups.getByRole('button', { name: 'Clear search' }));
  // The logging card and the daily chart's toggle.
  await measure('counter step', page.getByRole('button', { name: /^(Decrease|Increase) count$/ }));
  await measure('quick add', page.getByRole('button', { name: /^Add \d+$/ }));
  await measure('days shown', page.getByRole('group', { name: 'Days shown' }).getByRole('button'));
  await page.getByRole('button', { name: /Date: Today/ }).click();
  await measure(
    'day of the entry',
    page.getByRole('group', { name: /Date of the entry/ }).getByRole('button'),
  );

  expect(tooSmall).toEqual([]);
  await context.close();
});

test.describe('motion', () => {
  // The suite runs with reduced motion (playwright.config.ts); here the user allows it.
  test.use({ reducedMotion: 'no-preference' });

  test('the particle background draws behind the page, and goes when the user asks for reduced motion', async ({
    page,
  }) => {
    await page.goto('/login');
    // Mounted once the page has settled (lib/page-settled.ts: 2 s without a download, 16 s at the
    // latest), then drawn on its canvas.
    const canvas = page.locator('#particles-background canvas');
    await expect(canvas).toBeAttached({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Sign in to Pushup Tracker' })).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(canvas).toHaveCount(0);
  });
});
