import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { checkPage, screenshotForReview, screenshotsForReview } from '../support/a11y';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { dayLabel, signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD } from '../support/users';

// The year heatmap on the profile and the dashboard: entries logged on known days show in their
// cells (the tooltip says the date and the sum), the arrows move the focus and the tooltip through
// the days, Enter and a second tap open Log History on the day, the week starts on the language's
// first day, and both pages pass axe in light and dark at phone and desktop width.

// Auckland, 13 hours ahead of UTC in November: the user's day is often not the UTC day.
const TIME_ZONE = 'Pacific/Auckland';
const DAY_MS = 86_400_000;
const SHOTS = '/tmp/shots-h';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const GRID = 'Pushups per day in the last 12 months';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayAt = (ms: number) => dayFormat.format(new Date(ms));

/** The tooltip's date: 'Fri, Nov 27, 2026'. */
function shortLabel(day: string, locale = 'en-US'): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

interface Seeded {
  email: string;
  today: string;
  threeAgo: string;
  tenAgo: string;
  fortyAgo: string;
}

/**
 * A new user with 25 push-ups today, 40 three days ago, 10 ten days ago and 120 forty days ago
 * (each at this time of day, so each is on the day it says in Auckland).
 */
async function seededUser(page: Page, prefix: string): Promise<Seeded> {
  const now = Date.now();
  const today = dayAt(now);
  test.skip(
    dayAt(now - 5 * 60_000) !== today || dayAt(now + 5 * 60_000) !== today,
    `too close to midnight in ${TIME_ZONE}: "today" would change under the test`,
  );
  const { email } = await signedInNewUser(page, prefix);
  const token = await idTokenFor(email, PASSWORD);
  const log = async (count: number, daysAgo: number) =>
    (await logPushupsViaApi(token, count, new Date(now - 60_000 - daysAgo * DAY_MS).toISOString(), TIME_ZONE))
      .day;
  const seeded = {
    email,
    today: await log(25, 0),
    threeAgo: await log(40, 3),
    tenAgo: await log(10, 10),
    fortyAgo: await log(120, 40),
  };
  expect(seeded.today).toBe(today);
  return seeded;
}

const grid = (page: Page) => page.getByRole('grid', { name: GRID });
const cell = (page: Page, day: string) => grid(page).locator(`[data-day="${day}"]`);
const tooltip = (page: Page) => page.getByRole('tooltip');

async function openProfileHeatmap(page: Page): Promise<Locator> {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your year' });
  await expect(card).toBeVisible();
  await expect(grid(page)).toBeVisible();
  return card;
}

test('the profile’s heatmap shows each day’s sum in its cell, and the keyboard walks the days into Log History', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const days = await seededUser(page, 'heatmap');
  const card = await openProfileHeatmap(page);

  await expect(card).toContainText(
    `195 pushups on 4 days in the last 12 months. Best day: ${shortLabel(days.fortyAgo)} with 120.`,
  );

  // Hover: the date, the sum and the step (quartiles of 10, 25, 40, 120: 10 | 25 | 40 | 120).
  await cell(page, days.threeAgo).hover();
  await expect(tooltip(page)).toHaveText(`${shortLabel(days.threeAgo)}40 pushups · Step 3 of 4`);
  await cell(page, days.fortyAgo).hover();
  await expect(tooltip(page)).toHaveText(`${shortLabel(days.fortyAgo)}120 pushups · Step 4 of 4`);
  fs.mkdirSync(SHOTS, { recursive: true });
  await screenshotForReview(card, path.join(SHOTS, 'profile-heatmap-hover-desktop.png'));
  await expect(cell(page, days.tenAgo)).toHaveAttribute(
    'aria-label',
    `${dayLabel(days.tenAgo)}: 10 pushups, Step 1 of 4`,
  );
  await expect(cell(page, days.today)).toHaveAttribute('aria-current', 'date');
  await expect(cell(page, days.today)).toHaveAttribute('data-step', '2');
  // A day without push-ups.
  const empty = new Date(Date.parse(`${days.today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  await expect(cell(page, empty)).toHaveAttribute('data-step', '0');
  await page.mouse.move(0, 0);

  // Weeks start on Sunday in English: the first row holds Sundays only.
  const firstRow = grid(page).locator('tr').first().locator('[data-day]');
  for (const day of await firstRow.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')))) {
    expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(0);
  }

  // One tab stop: today. The arrows: up a day, left a week; the tooltip follows the focus.
  await page.getByRole('button', { name: 'Show as table' }).focus();
  await page.keyboard.press('Tab');
  await expect(cell(page, days.today)).toBeFocused();
  await expect(tooltip(page)).toHaveText(`${shortLabel(days.today)}25 pushups · Step 2 of 4`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await expect(cell(page, days.threeAgo)).toBeFocused();
  await expect(tooltip(page)).toContainText(`${shortLabel(days.threeAgo)}40 pushups`);
  // A week before three days ago is ten days ago; a day before that had none.
  await page.keyboard.press('ArrowLeft');
  await expect(cell(page, days.tenAgo)).toBeFocused();
  await expect(tooltip(page)).toHaveText(`${shortLabel(days.tenAgo)}10 pushups · Step 1 of 4`);
  await page.keyboard.press('ArrowUp');
  const elevenAgo = new Date(Date.parse(`${days.tenAgo}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  await expect(cell(page, elevenAgo)).toBeFocused();
  await expect(tooltip(page)).toHaveText(`${shortLabel(elevenAgo)}No pushups`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, days.threeAgo)).toBeFocused();
  // Only the focused day is in the tab order.
  await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);

  // The table shows the same days, newest first.
  await page.getByRole('button', { name: 'Show as table' }).click();
  const rows = card.getByRole('table', { name: GRID }).getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText(`${shortLabel(days.today)}25Step 2 of 4`);
  await expect(rows.nth(4)).toContainText(`${shortLabel(days.fortyAgo)}120Step 4 of 4`);
  await page.getByRole('button', { name: 'Hide table' }).click();

  // Enter opens Log History on the focused day.
  await cell(page, days.threeAgo).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/log-history\\?day=${days.threeAgo}$`));
  await expect(page.getByRole('heading', { name: dayLabel(days.threeAgo) })).toBeVisible();
});

test('on a phone the year scrolls inside its card to today, and a tap shows a day before a second opens it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    timezoneId: TIME_ZONE,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const days = await seededUser(page, 'heattap');
  const card = await openProfileHeatmap(page);
  // Only the page scrolls down to the card; the grid itself opened at its newest weeks.
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const box = await cell(page, days.today).boundingBox();
  expect(box && box.x > 0 && box.x + box.width <= 375, 'today is in view without scrolling the grid').toBe(
    true,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await cell(page, days.threeAgo).tap();
  await expect(tooltip(page)).toContainText(`${shortLabel(days.threeAgo)}40 pushups`);
  await expect(tooltip(page)).toContainText('Tap again to open Log History');
  fs.mkdirSync(SHOTS, { recursive: true });
  await screenshotForReview(card, path.join(SHOTS, 'profile-heatmap-tap-phone.png'));
  await expect(page).toHaveURL(/\/profile$/);
  await cell(page, days.threeAgo).tap();
  await expect(page).toHaveURL(new RegExp(`/log-history\\?day=${days.threeAgo}$`));
  await context.close();
});

test('in German the week starts on Monday and the tooltip speaks German', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const days = await seededUser(page, 'heatde');
  // German chosen on this device (lib/i18n/locale.ts), as the language switch stores it.
  await page.evaluate(() => localStorage.setItem('pushup-language', 'de'));
  await page.goto('/profile');
  const germanGrid = page.getByRole('grid', { name: 'Liegestütze pro Tag in den letzten 12 Monaten' });
  await expect(germanGrid).toBeVisible();
  const firstRow = germanGrid.locator('tr').first().locator('[data-day]');
  for (const day of await firstRow.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')))) {
    expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
  }
  await germanGrid.locator(`[data-day="${days.threeAgo}"]`).hover();
  await expect(tooltip(page)).toHaveText(`${shortLabel(days.threeAgo, 'de')}40 Liegestütze · Stufe 3 von 4`);
  await context.close();
});

async function shootHeatmap(page: Page, card: Locator, name: string) {
  await screenshotsForReview(page, name, card);
}

async function signedInAgain(browser: Browser, email: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme, timezoneId: TIME_ZONE, locale: 'en-US' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithStoredSession(page, email, PASSWORD);
  return { context, page };
}

test('the profile and the dashboard with their heatmaps pass axe in light and dark', async ({
  page,
  browser,
}) => {
  // Two pages, two themes, two widths, each with axe: longer than one page's test.
  test.setTimeout(240_000);
  const { email } = await seededUser(page, 'heataxe');
  for (const colorScheme of ['light', 'dark'] as const) {
    const { context, page: other } = await signedInAgain(browser, email, colorScheme);
    await expect(other.locator('html')).toHaveAttribute('data-theme', colorScheme);

    const compact = other.getByRole('region', { name: 'Your year' });
    await expect(compact.getByRole('grid', { name: GRID })).toBeVisible();
    await shootHeatmap(other, compact, `dashboard-heatmap-${colorScheme}`);
    await checkPage(other, `heatmap-dashboard-${colorScheme}`, compact, {
      untilToastsLeave: true,
      heatmapGrid: true,
    });

    await compact.getByRole('link', { name: 'More on your profile' }).click();
    await expect(other).toHaveURL(/\/profile#year-heatmap$/);
    const card = other.getByRole('region', { name: 'Your year' });
    await expect(card.getByRole('grid', { name: GRID })).toBeVisible();
    await card.getByRole('button', { name: 'Show as table' }).click();
    await shootHeatmap(other, card, `profile-heatmap-${colorScheme}`);
    await checkPage(other, `heatmap-profile-${colorScheme}`, card, { heatmapGrid: true });
    await context.close();
  }
});
