import { expect, type Page, test } from '@playwright/test';
import { addDays } from '@pushup/shared';
import { dayLabel, signedInNewUser } from '../support/pages';

// A zone far from UTC, so that "today", "yesterday" and 12:00 local are really the browser's.
const TIME_ZONE = 'America/Los_Angeles';
test.use({ timezoneId: TIME_ZONE });

function todayInBrowserZone(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}

async function logPushups(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  // .last(): the toast of an earlier set may still be showing.
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
}

test('logging 25 shows the total, the toast, the leaderboard row and today’s bar', async ({ page }) => {
  const { username } = await signedInNewUser(page, 'dash');
  await expect(page.getByText('0 recorded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Pushups' })).toBeDisabled();

  await logPushups(page, 25);
  await expect(page.getByText('25 recorded')).toBeVisible();
  // The counter starts over for the next set.
  await expect(page.getByLabel('Pushup count')).toHaveValue('0');

  const leaderboard = page.getByRole('region', { name: 'Global Leaderboard' });
  const myRow = leaderboard.getByRole('row').filter({ hasText: username });
  await expect(myRow).toContainText('You');
  await expect(myRow).toContainText('25');

  await expect(page.getByRole('heading', { name: 'Last 30 Days' })).toBeVisible();
  const bars = page.getByRole('table', { name: 'Pushups per day, last 30 days' });
  await expect(bars.getByRole('row').last()).toContainText(/Today.*25/);

  // A second set adds up, and the leaderboard (cached 60 s) is refreshed after the change.
  await logPushups(page, 5);
  await expect(page.getByText('30 recorded')).toBeVisible();
  await expect(myRow).toContainText('30');
});

test('a set over the daily limit is refused with the server’s reason and the count is kept', async ({
  page,
}) => {
  await signedInNewUser(page, 'limit');
  await logPushups(page, 1000);
  await page.getByLabel('Pushup count').fill('600');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  // The e2e server allows 1,500 a day (support/env.ts).
  await expect(
    page.getByText(
      `Failed to submit pushups: You can log at most 1,500 push-ups a day: 1,000 are already logged for ${todayInBrowserZone()}`,
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Pushup count')).toHaveValue('600');
  await expect(page.getByRole('button', { name: 'Submit Pushups' })).toBeEnabled();
  await expect(page.getByText(/^1,?000 recorded$/)).toBeVisible();
});

test('back-dating to yesterday lands at 12:00 local time in Log History', async ({ page }) => {
  await signedInNewUser(page, 'backdate');
  const today = todayInBrowserZone();
  const yesterday = addDays(today, -1);

  await page.getByRole('button', { name: /Date: Today/ }).click();
  const calendar = page.getByRole('group', { name: /Date of the entry/ });
  if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
    await page.getByRole('button', { name: 'Previous month' }).click();
  }
  await calendar.getByRole('button', { name: dayLabel(yesterday), exact: true }).click();
  await expect(page.getByText('Back-dated entries are logged at 12:00.')).toBeVisible();
  await page.getByLabel('Pushup count').fill('12');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  // A back-dated set's toast names its day.
  await expect(page.getByText(/^12 pushups added to \w+day, \w{3} \d+/)).toBeVisible();
  await expect(page.getByText('12 recorded')).toBeVisible();

  await page.goto(`/log-history?day=${yesterday}`);
  // .first(): the day's list, and the recent entries beside it.
  await expect(page.getByText('12:00 PM').first()).toBeVisible();
  await expect(page.getByText('No pushups recorded for this date')).toBeHidden();
});

test('the calendar refuses future days and days before 2025 with the spec’s messages', async ({ page }) => {
  await signedInNewUser(page, 'calendar');
  const today = todayInBrowserZone();
  await page.getByRole('button', { name: /Date: Today/ }).click();
  const calendar = page.getByRole('group', { name: /Date of the entry/ });

  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  // The grid always shows a few days of the next month: they are in the future.
  const nextMonthFirst = `${addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  // Refused days are aria-disabled but still answer a click with the reason (force: Playwright
  // treats aria-disabled as not clickable).
  await calendar.getByRole('button', { name: dayLabel(nextMonthFirst), exact: true }).click({ force: true });
  await expect(page.getByText('Cannot select future dates')).toBeVisible();

  const monthsBack = (Number(today.slice(0, 4)) - 2025) * 12 + Number(today.slice(5, 7)) - 1;
  for (let i = 0; i < monthsBack; i++) await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByText('January 2025')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await page
    .getByRole('group', { name: /Date of the entry/ })
    .getByRole('button', { name: 'Tuesday, December 31, 2024', exact: true })
    .click({ force: true });
  await expect(page.getByText('Cannot select dates before January 1, 2025')).toBeVisible();
  // Nothing was chosen: the toggle still says today.
  await expect(page.getByRole('button', { name: /Date: Today/ })).toBeVisible();
});

test('the counter clamps to 0..1000 and steps with the buttons', async ({ page }) => {
  // The page's timers on a clock the test can move: holding a button lasts as long as the test says.
  await page.clock.install();
  await signedInNewUser(page, 'counter');
  const input = page.getByLabel('Pushup count');
  await page.getByRole('button', { name: 'Increase count' }).click();
  await page.getByRole('button', { name: 'Increase count' }).click();
  await expect(input).toHaveValue('2');
  await page.getByRole('button', { name: 'Decrease count' }).click();
  await expect(input).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Submit Pushups' })).toBeEnabled();

  await input.fill('5000');
  await expect(input).toHaveValue('1000');
  await page.getByRole('button', { name: 'Increase count' }).click();
  await expect(input).toHaveValue('1000');
  await input.fill('0');
  await page.getByRole('button', { name: 'Decrease count' }).click();
  await expect(input).toHaveValue('0');
  await expect(page.getByRole('button', { name: 'Submit Pushups' })).toBeDisabled();

  // Holding the button repeats (a real pointer in a real browser) and stops on release.
  await input.fill('0');
  await page.getByRole('button', { name: 'Increase count' }).hover();
  await page.mouse.down();
  await page.clock.runFor(2000);
  await page.mouse.up();
  await expect.poll(async () => Number(await input.inputValue())).toBeGreaterThan(8);
  const held = await input.inputValue();
  await page.clock.runFor(1000);
  await expect(input).toHaveValue(held);

  // Keyboard: Enter on a focused step button steps once.
  await input.fill('0');
  await page.getByRole('button', { name: 'Increase count' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('2');
});

test('Show Goal is kept across reloads and the chart window follows the toggle', async ({ page }) => {
  await signedInNewUser(page, 'goalchart');
  const showGoal = page.getByRole('switch', { name: 'Show Goal' });
  await expect(showGoal).toHaveAttribute('aria-checked', 'true');
  await showGoal.click();
  await expect(showGoal).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show Goal' })).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('button', { name: '7 Days' }).click();
  await expect(page.getByRole('heading', { name: 'Last 7 Days' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Pushups per day, last 7 days' }).getByRole('row'),
  ).toHaveCount(8);

  // Narrowing the window (a phone turned upright) leaves no sideways scrolling behind the charts.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('link', { name: 'Goal settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('phones start with the 7-day window', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInNewUser(page, 'phone');
  await expect(page.getByRole('heading', { name: 'Last 7 Days' })).toBeVisible();
});
