import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from '@pushup/shared';
import { REVIEW_SCREENSHOTS, screenshotForReview, settled } from '../support/a11y';
import { callApi, idTokenFor, logPushupsViaApi } from '../support/api';
import { E2E } from '../support/env';
import { dayLabel, forgetSessionSnapshot, signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD, registeredUser } from '../support/users';

// The dashboard's first minute and first screen (docs/product.md, "Dashboard"): where 'Get started'
// leads, logging on a phone without scrolling, toasts that keep clear, and words that say what happened.

const TIME_ZONE = 'America/New_York';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });
// Sign-ups, an import and screenshots at two widths per test.
test.slow();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const shots = path.join(E2E.repoRoot, '.tmp', 'screenshots');
mkdirSync(shots, { recursive: true });

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** Whether the element lies whole within the window, as scrolled now. */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const b = await box(locator);
  const size = page.viewportSize();
  if (!size) return false;
  return b.y >= 0 && b.y + b.height <= size.height && b.x >= 0 && b.x + b.width <= size.width;
}

/**
 * Someone with 60 days of history (imported, as from another app), 40 push-ups today and a goal with
 * a deadline, back on the dashboard: the hero has all it can say. All of it is made through the API
 * before this device signs in, so the first page it shows announces what the history earned (a page
 * shown while the history arrived may have announced part of it already).
 */
async function returningUser(page: Page, prefix = 'back', { loggedToday = false } = {}) {
  const user = await registeredUser(prefix);
  const { token } = user;
  const today = todayIn(TIME_ZONE);
  const lines = ['date,count'];
  for (let offset = -60; offset <= -1; offset++) {
    if (offset % 9 === 0) continue; // a rest day now and then
    lines.push(`${addDays(today, offset)},${20 + ((((offset * 7) % 30) + 30) % 30)}`);
  }
  const csv = `${lines.join('\n')}\n`;
  const preview = await callApi<{ entries: number }>(token, 'POST', '/api/pushups/import/preview', { csv });
  await callApi(token, 'POST', '/api/pushups/import', { csv, expectedEntries: preview.entries });
  if (loggedToday) await logPushupsViaApi(token, 40, new Date().toISOString(), TIME_ZONE);
  await callApi(token, 'PATCH', '/api/users/profile-update', {
    personalGoal: 5_000,
    goalDeadline: addDays(today, 36),
  });
  await signInWithStoredSession(page, user.email, PASSWORD);
  return user;
}

/** Screenshots of the window at both widths, in the colour scheme the page has now. */
async function shoot(page: Page, name: string) {
  // Either way the page is left at the desktop's width.
  for (const size of REVIEW_SCREENSHOTS ? [PHONE, DESKTOP] : [DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await screenshotForReview(page, path.join(shots, `${name}-${size.width}.png`));
  }
}

const hero = (page: Page) =>
  page.getByRole('region', { name: /^(Ready for today's set\?|[\d,]+ pushups? today)$/ });

/** Whether a toast that can be seen (not stepped aside) lies over the element. */
async function aToastCovers(page: Page, target: Locator): Promise<boolean> {
  const area = await box(target);
  return page.evaluate((a) => {
    const container = document.querySelector<HTMLElement>('[data-rht-toaster]');
    if (!container || Number(getComputedStyle(container).opacity) === 0) return false;
    return Array.from(container.children).some((toast) => {
      const r = toast.getBoundingClientRect();
      if (r.height === 0 || Number(getComputedStyle(toast).opacity) === 0) return false;
      return r.left < a.x + a.width && a.x < r.right && r.top < a.y + a.height && a.y < r.bottom;
    });
  }, area);
}

test.describe('Get started', () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`every step takes the person to its place at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await signedInNewUser(page, 'steps');
      const steps = page.getByRole('region', { name: 'Get started' });
      await expect(steps).toBeVisible();

      // 'Log a set': the counter and its Submit on screen, the keyboard in the count.
      await steps.getByRole('button', { name: 'Log a set' }).click();
      const count = page.getByLabel('Pushup count');
      await expect(count).toBeFocused();
      await expect.poll(() => inWindow(page, count)).toBe(true);
      await expect
        .poll(() => inWindow(page, page.getByRole('button', { name: 'Submit Pushups' })))
        .toBe(true);

      // 'Find a group': the search, on screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      await steps.getByRole('button', { name: 'Find a group' }).click();
      const search = page.getByRole('region', { name: 'Your Groups' }).getByRole('searchbox');
      await expect.poll(() => inWindow(page, search)).toBe(true);

      // 'Choose your goal': the profile's goal, on screen, ready for the target.
      await page.evaluate(() => window.scrollTo(0, 0));
      await steps.getByRole('link', { name: 'Choose your goal' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByLabel('Target pushups')).toBeFocused();
      await expect.poll(() => inWindow(page, page.getByLabel('Target pushups'))).toBe(true);
    });
  }
});

test('a returning user logs the daily set on a phone without scrolling: two taps', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await returningUser(page, 'daily');
  await page.reload();
  const heroCard = hero(page);
  await expect(heroCard).toContainText('Log today to keep your streak');
  await expect(heroCard.getByTestId('goal-pace')).toContainText('a day to reach 5,000 by');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The hero says all it says, and the counter with its Submit is on the same first screen.
  await expect.poll(() => inWindow(page, heroCard)).toBe(true);
  const add = page.getByRole('button', { name: 'Add 25' });
  const submit = page.getByRole('button', { name: 'Submit Pushups' });
  for (const control of [page.getByLabel('Pushup count'), add, submit]) {
    expect(await inWindow(page, control), `${control} on the first screen`).toBe(true);
  }
  await shoot(page, 'H-returning-first-screen');
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await add.click();
  await submit.click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: '25 pushups today' })).toBeVisible();
});

test('the new user’s first screen: Get started above the counter', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInNewUser(page, 'newfirst');
  await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(page.getByText('Tap or hold the buttons, or type a number.')).toBeVisible();
  await shoot(page, 'H-new-first-screen');
});

test('an import’s achievements are one short announcement that keeps clear of the hero on a phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await returningUser(page, 'imported');
  await page.reload();
  const announcement = page.getByRole('region', { name: /^\d+ achievements unlocked!$/ });
  await expect(announcement).toBeVisible();
  await expect(page.getByRole('region', { name: /achievements? unlocked!$/ })).toHaveCount(1);
  // Each achievement is named, in a few lines.
  await expect(announcement).toContainText('First Rep');
  await expect(announcement).toContainText('Thousand Club');
  await expect(announcement.getByRole('listitem')).toHaveCount(
    Number((await announcement.getAttribute('aria-label'))?.split(' ')[0]),
  );
  expect((await box(announcement)).height).toBeLessThan(200);
  await settled(page);
  expect(await aToastCovers(page, hero(page))).toBe(false);
  await screenshotForReview(page, path.join(shots, 'H-import-announcement-375.png'));
  // The same, scrolled so that the hero is where the toasts are: they step aside.
  await page.evaluate(() => {
    const heroTop = document.querySelector('#welcome-card-title')?.closest('section');
    if (!heroTop) return;
    window.scrollBy(0, heroTop.getBoundingClientRect().bottom - window.innerHeight + 40);
  });
  await settled(page);
  expect(await aToastCovers(page, hero(page))).toBe(false);
});

test('an import on the profile is announced at once, in a few lines, light and dark', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInNewUser(page, 'imported');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  const today = todayIn(TIME_ZONE);
  const lines = ['date,count'];
  for (let offset = -40; offset <= -1; offset++)
    lines.push(`${addDays(today, offset)},${offset === -5 ? 60 : 30}`);
  await card
    .getByLabel('Import entries')
    .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await card.getByRole('button', { name: 'Import 40 entries' }).click();
  const announcement = page.getByRole('region', { name: /^\d+ achievements unlocked!$/ });
  await expect(announcement).toBeVisible();
  await expect(page.getByRole('region', { name: /achievements? unlocked!$/ })).toHaveCount(1);
  await expect(announcement).toContainText('Thousand Club');
  expect((await box(announcement)).height).toBeLessThan(200);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // The announcement keeps its few lines in either theme.
    expect((await box(announcement)).height).toBeLessThan(200);
    await settled(page);
    await screenshotForReview(page, path.join(shots, `H-import-on-profile-${colorScheme}-375.png`));
  }
});

test('toasts step aside while the back-dating calendar is open, and come back after', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await returningUser(page, 'picker', { loggedToday: true });
  await page.reload();
  await expect(page.getByRole('heading', { name: '40 pushups today' })).toBeVisible();
  // The import's announcement waits while it would lie over the counter: the two taps come first.
  const announcement = page.getByRole('region', { name: /achievements unlocked!$/ });
  await expect(announcement).toHaveCount(1);
  await settled(page);
  expect(await aToastCovers(page, page.getByRole('button', { name: 'Add 25' }))).toBe(false);
  await page.getByLabel('Pushup count').fill('10');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  const undo = page.getByRole('status').getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await page.getByRole('button', { name: /Date: Today/ }).click();
  const calendar = page.getByRole('group', { name: /Date of the entry/ });
  await expect(calendar).toBeVisible();
  await calendar.scrollIntoViewIfNeeded();
  await settled(page);
  expect(await aToastCovers(page, calendar)).toBe(false);
  await screenshotForReview(page, path.join(shots, 'H-calendar-open-375.png'));
  // Closed again: the toast and its Undo are back, its time kept.
  await page.getByRole('button', { name: /Date: Today/ }).click();
  await expect(calendar).toBeHidden();
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(page.getByText('Undone: the entry is removed.').last()).toBeVisible();
});

test('a back-dated set’s toast names its day; today’s keeps the specified text', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInNewUser(page, 'named');
  const today = todayIn(TIME_ZONE);
  const day = addDays(today, -3);
  await page.getByRole('button', { name: /Date: Today/ }).click();
  if (day.slice(0, 7) !== today.slice(0, 7))
    await page.getByRole('button', { name: 'Previous month' }).click();
  await page
    .getByRole('group', { name: /Date of the entry/ })
    .getByRole('button', { name: dayLabel(day), exact: true })
    .click();
  await page.getByLabel('Pushup count').fill('12');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  const named = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
  await expect(page.getByText(`12 pushups added to ${named}`)).toBeVisible();
  await expect(page.getByText('Pushups submitted successfully!')).toHaveCount(0);
  await page.getByLabel('Pushup count').fill('5');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
});

test('a hidden user’s own row does not share its rank number with the next shown person', async ({
  page,
}) => {
  const me = await signedInNewUser(page, 'hider');
  const token = await idTokenFor(me.email, PASSWORD);
  // Someone just below: with the hidden user not counted, they take the rank the hidden one would have.
  const below = await registeredUser('below');
  await logPushupsViaApi(token, 777, new Date().toISOString(), TIME_ZONE);
  await logPushupsViaApi(below.token, 776, new Date().toISOString(), TIME_ZONE);
  await callApi(token, 'PATCH', '/api/users/settings', { showOnLeaderboard: false });
  const rows = await callApi<{ rank: number; username: string; hidden?: true }[]>(
    token,
    'GET',
    '/api/pushups/leaderboard',
  );
  const mine = rows.find((row) => row.username === me.username);
  const theirs = rows.find((row) => row.username === below.username);
  expect(mine?.hidden).toBe(true);
  expect(theirs?.rank).toBe(mine?.rank);
  const rank = mine?.rank ?? 0;
  const suffix = new Intl.PluralRules('en-US', { type: 'ordinal' }).select(rank);
  const ordinal = `${rank}${{ one: 'st', two: 'nd', few: 'rd', other: 'th' }[suffix as 'one']}`;

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The board the page loaded before the entries is kept 60 s (docs/product.md, "Caching").
    await forgetSessionSnapshot(page);
    await page.reload();
    const board = page.getByRole('region', { name: 'Global Leaderboard' });
    const myRow = board.getByRole('row').filter({ hasText: me.username });
    await expect(myRow).toContainText(`would be ${ordinal}`);
    await expect(myRow.getByRole('cell').first()).not.toHaveText(String(rank));
    await expect(
      board.getByRole('row').filter({ hasText: below.username }).getByRole('cell').first(),
    ).toHaveText(String(rank));
    await myRow.scrollIntoViewIfNeeded();
    await screenshotForReview(page, path.join(shots, `H-hidden-row-${size.width}.png`));
  }
});

/** The contrast ratio (WCAG) of an element's text against its own background, as the page paints both. */
async function ownContrast(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    // Any CSS colour (oklch included) to sRGB through a canvas pixel.
    const rgb = (colour: string) => {
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (a, b) => b - a,
    ) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}

test('Submit Pushups at 0, disabled as specified, stays readable in light and dark', async ({ page }) => {
  await signedInNewUser(page, 'readable');
  const submit = page.getByRole('button', { name: 'Submit Pushups' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(submit).toBeDisabled();
    // Not faded into the page: its text keeps the contrast of normal text (4.5:1).
    await expect.poll(() => ownContrast(submit)).toBeGreaterThanOrEqual(4.5);
    const opacity = await submit.evaluate((element) => getComputedStyle(element).opacity);
    expect(opacity).toBe('1');
  }
});
