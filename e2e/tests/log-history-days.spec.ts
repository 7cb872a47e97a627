import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkPage, screenshotForReview, settled } from '../support/a11y';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { dayLabel, signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD } from '../support/users';

// Log History on a phone and on a desktop: a tapped day's entries come into view, each day shows its
// total on the calendar, the recent entries list the last two weeks by day, and an entry moves to
// another day or time (PATCH /api/pushups/{uuid} {count, date}), with the server's refusals shown
// beside what the user chose.

// A zone with a half-hour offset and no daylight saving: every local time is one obvious instant.
const TIME_ZONE = 'Asia/Kolkata';
const OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const SHOTS = '/tmp/shots-J';

function localDayOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of hh:mm local time on `day`. */
function localInstant(day: string, hours: number, minutes: number): string {
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  return new Date(`${day}T${hh}:${mm}:00+05:30`).toISOString();
}

interface Days {
  today: string;
  yesterday: string;
  threeAgo: string;
  email: string;
  token: string;
}

/** Today's, yesterday's and 3 days ago's dates, skipping the test too close to local midnight. */
function days(): Omit<Days, 'email' | 'token'> {
  const nowMs = Date.now();
  const start = Math.floor((nowMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  test.skip(
    nowMs - start < 3 * 60_000 || start + DAY_MS - nowMs < 3 * 60_000,
    `too close to midnight in ${TIME_ZONE}: "today" would change under the test`,
  );
  return {
    today: localDayOf(nowMs),
    yesterday: localDayOf(start - 1),
    threeAgo: localDayOf(start - 2 * DAY_MS - 1),
  };
}

/**
 * A new user, signed in, with: today 25 (a second ago), yesterday 12 at 7:30 AM and 30 at 6:45 PM
 * (42), and 3 days ago 20 at 9:00 AM.
 */
async function userWithHistory(page: Page): Promise<Days> {
  const when = days();
  const { email } = await signedInNewUser(page, 'jdays');
  const token = await idTokenFor(email, PASSWORD);
  await logPushupsViaApi(token, 25, new Date(Date.now() - 1000).toISOString(), TIME_ZONE);
  await logPushupsViaApi(token, 12, localInstant(when.yesterday, 7, 30), TIME_ZONE);
  await logPushupsViaApi(token, 30, localInstant(when.yesterday, 18, 45), TIME_ZONE);
  await logPushupsViaApi(token, 20, localInstant(when.threeAgo, 9, 0), TIME_ZONE);
  return { ...when, email, token };
}

/** A day of the calendar: named by its date, and its total when it has one. */
function calendarDay(page: Page, day: string): Locator {
  return page
    .getByRole('group', { name: /^Choose a day/ })
    .getByRole('button', { name: new RegExp(`^${dayLabel(day)}(: .*)?$`) });
}

/** Turns the calendar from the month of `shown` to the month of `day` (at most one month apart). */
async function showMonthOf(page: Page, day: string, shown: string): Promise<void> {
  const [month, shownMonth] = [day.slice(0, 7), shown.slice(0, 7)];
  if (month < shownMonth) await page.getByRole('button', { name: 'Previous month' }).click();
  if (month > shownMonth) await page.getByRole('button', { name: 'Next month' }).click();
}

function entriesOf(page: Page, day: string): Locator {
  return page.getByRole('list', { name: dayLabel(day), exact: true }).getByRole('listitem');
}

function recentDays(page: Page): Locator {
  return page.getByRole('region', { name: 'Recent entries' }).locator('ol > li');
}

/** The recent entries' day whose header names `label` ('Yesterday', '3 days ago'). */
function recentDay(page: Page, label: string): Locator {
  return recentDays(page).filter({ has: page.getByRole('button', { name: new RegExp(`^${label}`) }) });
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a tapped day’s entries come into view, and each day shows its total on the calendar', async ({
      page,
    }) => {
      const { today, yesterday, threeAgo } = await userWithHistory(page);
      await page.goto('/log-history');
      await expect(entriesOf(page, today)).toHaveCount(1);

      // Each day with entries carries its total, written in the day and named with it.
      await expect(calendarDay(page, today)).toHaveAccessibleName(`${dayLabel(today)}: 25 pushups`);
      await expect(calendarDay(page, today)).toContainText('25');
      await showMonthOf(page, threeAgo, today);
      const third = calendarDay(page, threeAgo);
      await expect(third).toHaveAccessibleName(`${dayLabel(threeAgo)}: 20 pushups`);
      await expect(third).toContainText('20');

      // A tap on a day brings its entries onto the screen, without scrolling by hand.
      await third.click();
      await expect(page).toHaveURL(new RegExp(`[?&]day=${threeAgo}$`));
      const heading = page.getByRole('heading', { level: 2, name: dayLabel(threeAgo) });
      await expect(heading).toBeInViewport();
      await expect(entriesOf(page, threeAgo).first()).toBeInViewport();
      await expect(entriesOf(page, threeAgo).first()).toContainText('20 pushups');

      // Another day from the top: the calendar again, then a tap.
      await page.evaluate(() => window.scrollTo(0, 0));
      await showMonthOf(page, yesterday, threeAgo);
      await calendarDay(page, yesterday).click();
      await expect(page.getByRole('heading', { level: 2, name: dayLabel(yesterday) })).toBeInViewport();
      await expect(entriesOf(page, yesterday)).toHaveCount(2);
      await expect(entriesOf(page, yesterday).nth(1)).toBeInViewport();
      await expect(page.getByText(/^Total:\s/)).toHaveText('Total: 42 pushups');
    });

    test('the recent entries list the last two weeks by day, newest first, with totals; a day opens it', async ({
      page,
    }) => {
      const { yesterday } = await userWithHistory(page);
      await page.goto('/log-history');
      const recent = recentDays(page);
      await expect(recent).toHaveCount(3);
      await expect(recent.nth(0).getByRole('button')).toHaveAccessibleName(/^Today .+ 25 pushups$/);
      await expect(recent.nth(1).getByRole('button')).toHaveAccessibleName(/^Yesterday .+ 42 pushups$/);
      await expect(recent.nth(2).getByRole('button')).toHaveAccessibleName(/^3 days ago .+ 20 pushups$/);
      // A day's entries, newest first, each with its time and count.
      const yesterdays = recent.nth(1).getByRole('listitem');
      await expect(yesterdays).toHaveCount(2);
      await expect(yesterdays.nth(0)).toHaveText(/^6:45\sPM30 pushups$/);
      await expect(yesterdays.nth(1)).toHaveText(/^7:30\sAM12 pushups$/);

      await recent.nth(1).getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`[?&]day=${yesterday}$`));
      await expect(page.getByRole('heading', { level: 2, name: dayLabel(yesterday) })).toBeInViewport();
      await expect(entriesOf(page, yesterday).first()).toBeInViewport();
      await expect(recent.nth(1).getByRole('button')).toHaveAttribute('aria-current', 'date');
    });

    test('an entry moves to another day or time; both days’ totals follow on the calendar and in the list', async ({
      page,
    }) => {
      const { today, yesterday, threeAgo } = await userWithHistory(page);
      await page.goto(`/log-history?day=${yesterday}`);
      await expect(entriesOf(page, yesterday)).toHaveCount(2);

      await page.getByRole('button', { name: /^Move entry of 7:30\sAM, 12 pushups$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Move this entry' });
      await expect(dialog.getByLabel('Day')).toHaveValue(yesterday);
      await expect(dialog.getByLabel('Time')).toHaveValue('07:30');
      await dialog.getByLabel('Day').fill(threeAgo);
      await dialog.getByLabel('Time').fill('08:15');
      const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/pushups/'));
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      expect((await patch).postDataJSON()).toEqual({ count: 12, date: localInstant(threeAgo, 8, 15) });
      await expect(page.getByText(/^Entry moved to .+8:15\sAM$/)).toBeVisible();
      await expect(dialog).toBeHidden();

      // The old day: the entry left it.
      await expect(entriesOf(page, yesterday)).toHaveCount(1);
      await expect(page.getByText(/^Total:\s/)).toHaveText('Total: 30 pushups');
      await expect(recentDay(page, 'Yesterday').getByRole('button')).toHaveAccessibleName(/ 30 pushups$/);
      await expect(recentDay(page, '3 days ago').getByRole('button')).toHaveAccessibleName(/ 32 pushups$/);
      await expect(recentDay(page, '3 days ago').getByRole('listitem')).toHaveCount(2);
      await showMonthOf(page, yesterday, today);
      await expect(calendarDay(page, yesterday)).toHaveAccessibleName(`${dayLabel(yesterday)}: 30 pushups`);
      await showMonthOf(page, threeAgo, yesterday);
      await expect(calendarDay(page, threeAgo)).toHaveAccessibleName(`${dayLabel(threeAgo)}: 32 pushups`);
      await expect(calendarDay(page, threeAgo)).toContainText('32');

      // Another time on the same day: the entry stays and takes its new place.
      await page.getByRole('button', { name: /^Move entry of 6:45\sPM, 30 pushups$/ }).click();
      await dialog.getByLabel('Time').fill('06:05');
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(entriesOf(page, yesterday)).toHaveCount(1);
      await expect(entriesOf(page, yesterday).first().locator('time')).toHaveText(/^6:05\sAM$/);

      // Kept: the new day holds both entries after a reload.
      await page.goto(`/log-history?day=${threeAgo}`);
      const moved = entriesOf(page, threeAgo);
      await expect(moved).toHaveCount(2);
      await expect(moved.nth(0).locator('time')).toHaveText(/^9:00\sAM$/);
      await expect(moved.nth(1).locator('time')).toHaveText(/^8:15\sAM$/);
      await expect(moved.nth(1)).toContainText('12 pushups');
      await expect(page.getByText(/^Total:\s/)).toHaveText('Total: 32 pushups');
    });

    test('a refused move shows the server’s message and keeps the day and time chosen', async ({ page }) => {
      const { today, yesterday } = days();
      const { email } = await signedInNewUser(page, 'jrefuse');
      const token = await idTokenFor(email, PASSWORD);
      // The e2e server allows 1,500 a day: today's 1,000 leave no room for 600 more.
      await logPushupsViaApi(token, 1000, new Date(Date.now() - 1000).toISOString(), TIME_ZONE);
      await logPushupsViaApi(token, 600, localInstant(yesterday, 10, 0), TIME_ZONE);
      await page.goto(`/log-history?day=${yesterday}`);
      await expect(entriesOf(page, yesterday)).toHaveCount(1);

      await page.getByRole('button', { name: /^Move entry of 10:00\sAM, 600 pushups$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Move this entry' });
      const dayInput = dialog.getByLabel('Day');
      const timeInput = dialog.getByLabel('Time');
      const move = dialog.getByRole('button', { name: 'Move', exact: true });
      const refusal = dialog.getByRole('alert');

      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      for (const [day, time, message] of [
        [tomorrow, '10:00', 'Cannot select future dates'],
        ['2024-12-31', '10:00', 'Cannot select dates before January 1, 2025'],
        [today, '00:00', `You can log at most 1,500 push-ups a day: 1,000 are already logged for ${today}`],
      ] as const) {
        await dayInput.fill(day);
        await timeInput.fill(time);
        const answer = page.waitForResponse(
          (r) => r.request().method() === 'PATCH' && r.url().includes('/api/pushups/'),
        );
        await move.click();
        expect((await answer).status()).toBe(400);
        await expect(refusal).toHaveText(message);
        // What the user chose is still there, for another try.
        await expect(dialog).toBeVisible();
        await expect(dayInput).toHaveValue(day);
        await expect(timeInput).toHaveValue(time);
      }
      await checkPage(page, `J-log-history-move-refused-${size.name}`, dialog, { fullPage: false });
      await page.setViewportSize({ width: size.width, height: size.height });

      // Nothing moved: Cancel leaves the day and both totals as they were.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(entriesOf(page, yesterday)).toHaveCount(1);
      await expect(page.getByText(/^Total:\s/)).toHaveText('Total: 600 pushups');
      await expect(calendarDay(page, today)).toHaveAccessibleName(`${dayLabel(today)}: 1,000 pushups`);
      await expect(calendarDay(page, today)).toContainText('1,000');
    });
  });
}

test('Log History with a tapped day passes axe in light and dark; screenshots on a phone and a desktop', async ({
  page,
  browser,
}) => {
  test.slow();
  const { email, threeAgo, today } = await userWithHistory(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme, timezoneId: TIME_ZONE, locale: 'en-US' });
    const other = await context.newPage();
    await other.setViewportSize({ width: 375, height: 812 });
    await signInWithStoredSession(other, email, PASSWORD);
    await other.goto('/log-history');
    await expect(entriesOf(other, today)).toHaveCount(1);
    await showMonthOf(other, threeAgo, today);
    await calendarDay(other, threeAgo).click();
    await expect(entriesOf(other, threeAgo).first()).toBeInViewport();
    await settled(other);
    await screenshotForReview(other, `${SHOTS}/log-history-phone-tapped-${colorScheme}.png`);
    await other.evaluate(() => window.scrollTo(0, 0));
    await screenshotForReview(other, `${SHOTS}/log-history-phone-top-${colorScheme}.png`);
    await checkPage(other, `J-log-history-${colorScheme}`);
    // checkPage ends at 1440 px.
    await other.evaluate(() => window.scrollTo(0, 0));
    await screenshotForReview(other, `${SHOTS}/log-history-desktop-${colorScheme}.png`);
    await other.getByRole('button', { name: /^Move entry of 9:00\sAM/ }).click();
    const dialog = other.getByRole('dialog', { name: 'Move this entry' });
    await checkPage(other, `J-log-history-move-${colorScheme}`, dialog, { fullPage: false });
    await other.setViewportSize({ width: 375, height: 812 });
    await screenshotForReview(other, `${SHOTS}/log-history-phone-move-${colorScheme}.png`);
    await context.close();
  }
});
