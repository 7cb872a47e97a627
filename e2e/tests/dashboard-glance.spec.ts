import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, daysBetween } from '@pushup/shared';
import { checkPage, screenshotDir, screenshotForReview, screenshotsForReview, WIDTHS } from '../support/a11y';
import { callApi, idTokenFor } from '../support/api';
import { E2E } from '../support/env';
import {
  chooseUsername,
  dayLabel,
  forgetSessionSnapshot,
  signedInBeforeUsername,
  signedInNewUser,
} from '../support/pages';
import { PASSWORD, uniqueUsername } from '../support/users';

// The dashboard at a glance (docs/product.md, "Dashboard"): progress in the hero, and logging that
// forgives.

const TIME_ZONE = 'America/Los_Angeles';
// Sign-ups, several reloads and screenshots at two widths per test.
test.slow();

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/** PATCH /api/users/profile-update as the user, with the zone the deadline is judged in. */
async function setGoal(email: string, goal: number, deadline: string, timeZone: string): Promise<void> {
  const token = await idTokenFor(email, PASSWORD);
  const response = await fetch(`${E2E.baseUrl}/api/users/profile-update`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Timezone': timeZone },
    body: JSON.stringify({ personalGoal: goal, goalDeadline: deadline }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The goal as a person sets it: on the profile page, whose answer the app keeps. */
async function setGoalOnProfile(page: Page, goal: number, deadline: string): Promise<void> {
  await page.goto('/profile');
  await page.getByLabel('Target pushups').fill(String(goal));
  await page.getByLabel('Target date').fill(deadline);
  await page.getByRole('button', { name: 'Update Goal' }).click();
  await expect(page.getByText('Goal settings updated successfully')).toBeVisible();
}

async function submit(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
}

async function shoot(page: Page, name: string, target?: Locator) {
  await screenshotsForReview(page, name, target);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('in Los Angeles', () => {
  test.use({ timezoneId: TIME_ZONE });

  test('the hero shows today’s push-ups, the total is labelled, and the goal shows its share and pace', async ({
    page,
  }) => {
    await signedInNewUser(page, 'glance');
    const hero = page.getByRole('region', { name: /Ready for today's set\?|pushups? today/ });
    await expect(page.getByRole('heading', { name: "Ready for today's set?" })).toBeVisible();
    await expect(page.getByText('All-time total')).toBeVisible();
    await shoot(page, 'dashboard-before-first-set', hero);

    await submit(page, 58);
    await expect(page.getByRole('heading', { name: '58 pushups today' })).toBeVisible();
    await expect(page.getByText('58 recorded')).toBeVisible();
    await shoot(page, 'dashboard-after-first-set');

    // 5,000 by a day 36 days ahead: 37 days left with today, 4,942 to go. Set on the profile page:
    // a goal set behind the app's back would show only once its profile (fresh for 60 s) is asked again.
    const today = todayIn(TIME_ZONE);
    const deadline = addDays(today, 36);
    await setGoalOnProfile(page, 5_000, deadline);
    // Loaded at phone width: checkPage starts there (the charts only grow from it).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: 'Progress towards your goal' });
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(bar).toHaveAttribute('aria-valuetext', '1%: 58 of 5,000');
    const perDay = Math.ceil(4_942 / (daysBetween(today, deadline) + 1));
    const by = dayLabel(deadline).replace(/^\w+, /, '');
    await expect(page.getByTestId('goal-pace')).toHaveText(`${perDay} a day to reach 5,000 by ${by} (1%)`);
    await checkPage(page, 'dashboard-with-goal', page.getByRole('heading', { name: '58 pushups today' }), {
      untilToastsLeave: true,
    });
  });

  test('a typed 1500 becomes 1,000 with the reason, and the quick adds add up', async ({ page }) => {
    await signedInNewUser(page, 'quick');
    const input = page.getByLabel('Pushup count');
    const note = page.getByText('1,000 is the most per entry.');
    await input.fill('1500');
    await expect(input).toHaveValue('1000');
    await expect(note).toBeVisible();
    await expect(input).toHaveAccessibleDescription('1,000 is the most per entry.');
    // Any other value and the note goes.
    await page.getByRole('button', { name: 'Decrease count' }).click();
    await expect(note).toBeHidden();

    await input.fill('0');
    await page.getByRole('button', { name: 'Add 10' }).click();
    await page.getByRole('button', { name: 'Add 25' }).click();
    await page.getByRole('button', { name: 'Add 50' }).click();
    await expect(input).toHaveValue('85');
    await input.fill('990');
    await page.getByRole('button', { name: 'Add 25' }).click();
    await expect(input).toHaveValue('1000');
    await expect(note).toBeVisible();
  });

  test('Undo removes the set just logged and puts it back in the form', async ({ page }) => {
    const { email } = await signedInNewUser(page, 'undo');
    const undo = page.getByRole('status').getByRole('button', { name: 'Undo' });
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await submit(page, 40);
      await expect(page.getByText('40 recorded')).toBeVisible();
      await screenshotForReview(page, path.join(screenshotDir, `logging-with-undo-${size.name}.png`));
      await undo.click();
      // The submit's toast goes with its Undo. It stays in the page for a moment as it leaves: on a
      // fast machine the next submit came while it was there, and two Undo buttons were found.
      await expect(undo).toHaveCount(0);
      await expect(page.getByText('Undone: the entry is removed.').last()).toBeVisible();
      await expect(page.getByText('0 recorded')).toBeVisible();
      await expect(page.getByLabel('Pushup count')).toHaveValue('40');
    }
    const token = await idTokenFor(email, PASSWORD);
    const today = todayIn(TIME_ZONE);
    expect(await callApi(token, 'GET', `/api/pushups?from=${today}&to=${today}`)).toEqual([]);
  });

  test('after a back-dated set the date returns to today', async ({ page }) => {
    await signedInNewUser(page, 'backtoday');
    const yesterday = addDays(todayIn(TIME_ZONE), -1);
    await page.getByRole('button', { name: /Date: Today/ }).click();
    if (yesterday.slice(0, 7) !== todayIn(TIME_ZONE).slice(0, 7)) {
      await page.getByRole('button', { name: 'Previous month' }).click();
    }
    await page
      .getByRole('group', { name: /Date of the entry/ })
      .getByRole('button', { name: dayLabel(yesterday), exact: true })
      .click();
    await expect(page.getByRole('button', { name: /Date: Today/ })).toBeHidden();
    await page.getByLabel('Pushup count').fill('12');
    await page.getByRole('button', { name: 'Submit Pushups' }).click();
    // The toast names the day the set went to.
    const named = new Date(`${yesterday}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
      ...(yesterday.slice(0, 4) === todayIn(TIME_ZONE).slice(0, 4) ? {} : { year: 'numeric' }),
    });
    await expect(page.getByText(`12 pushups added to ${named}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Date: Today/ })).toBeVisible();
    await expect(page.getByText('Back-dated entries are logged at 12:00.')).toBeHidden();
  });

  test('on a phone the toast covers neither the button just pressed nor the total', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signedInNewUser(page, 'toastpos');
    const button = page.getByRole('button', { name: 'Submit Pushups' });
    // The button at the very bottom of the screen, where the toasts appear.
    await button.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.bottom - window.innerHeight + 4);
    });
    await submit(page, 20);
    const toast = page.getByRole('status').filter({ hasText: 'Pushups submitted successfully!' });
    const total = page.getByText('20 recorded');
    await expect(total).toBeVisible();
    // Once the page has settled (a smooth scroll), nothing of the toast lies over either. The first
    // entry's achievement may come as a second toast and stack the two up over the total: then the
    // toasts step aside (fade out) while they cover it, as every toast does over the hero.
    await expect(async () => {
      const toaster = page.locator('[data-rht-toaster]');
      const steppedAside = await toaster.evaluate((element) => getComputedStyle(element).opacity === '0');
      // Each toast is a child of the toaster's container (the achievement's has no status role of its own).
      if (steppedAside && (await toaster.locator(':scope > div').count()) > 1) return;
      const toastBox = await toast.boundingBox();
      const buttonBox = await button.boundingBox();
      const totalBox = await total.boundingBox();
      expect(toastBox && buttonBox && totalBox).toBeTruthy();
      if (!toastBox || !buttonBox || !totalBox) return;
      expect(overlaps(toastBox, buttonBox), 'toast over the button').toBe(false);
      expect(overlaps(toastBox, totalBox), 'toast over the total').toBe(false);
      expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(667);
    }).toPass({ timeout: 5_000 });
  });
});

test('a new user is shown what to do first instead of empty charts, each step ticked off once done', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Through the first-time dialog: what the dashboard asked before the username existed is refused.
  const { email } = await signedInBeforeUsername(page, 'first');
  await chooseUsername(page, uniqueUsername('first'));
  const steps = page.getByRole('region', { name: 'Get started' });
  await expect(steps.getByRole('listitem')).toHaveText([
    /Log your first set/,
    /Set a goal/,
    /Join or create a group/,
  ]);
  // No chart of nothing: both say what will appear.
  const charts = page.getByRole('region', { name: /^(Last \d+ Days|Overall Progress)$/ });
  await expect(charts.getByText('No pushups recorded yet')).toHaveCount(2);
  await expect(charts.locator('canvas')).toHaveCount(0);
  // What was refused before the username existed is asked again once it does.
  await expect(
    page.getByRole('region', { name: 'Records' }).getByText('Total', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Failed to load data')).toHaveCount(0);
  await checkPage(page, 'dashboard-first-minute', steps, { untilToastsLeave: true });

  // Each step leads where it is done.
  await steps.getByRole('button', { name: 'Find a group' }).click();
  await expect(page.getByRole('region', { name: 'Your Groups' }).getByRole('searchbox')).toBeVisible();
  await steps.getByRole('button', { name: 'Log a set' }).click();
  await expect(page.getByLabel('Pushup count')).toBeFocused();
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await expect(page.getByText('15 recorded')).toBeVisible();
  await expect(steps.getByRole('listitem').first()).toHaveText(/Log your first set.*\(done\)/);
  await expect(charts.getByText('No pushups recorded yet')).toHaveCount(0);
  await expect(charts.locator('canvas')).toHaveCount(2);

  await setGoal(email, 100, addDays(todayIn('UTC'), 30), 'UTC');
  // Set on another device: the tab's snapshot of the profile, read again after the log, goes.
  await forgetSessionSnapshot(page);
  await page.reload();
  await expect(steps.getByRole('listitem').nth(1)).toHaveText(/Set a goal.*\(done\)/);
  // Hidden on this device for good.
  await steps.getByRole('button', { name: 'Hide' }).click();
  await expect(steps).toBeHidden();
  await page.reload();
  await expect(page.getByText('15 recorded')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get started' })).toBeHidden();
});

// Kiritimati's today is always a day or two after Pago Pago's: a deadline of Pago Pago's today
// (accepted there) has passed for a user in Kiritimati.
test.describe('in Kiritimati', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('a goal whose deadline has passed says so, with a link to set a new one', async ({ page }) => {
    const { email } = await signedInNewUser(page, 'passed');
    await submit(page, 30);
    await setGoal(email, 5_000, todayIn('Pacific/Pago_Pago'), 'Pacific/Pago_Pago');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByTestId('goal-pace')).toHaveText('Deadline passed: 30 of 5,000');
    await checkPage(page, 'dashboard-goal-passed', page.getByTestId('goal-pace'), { untilToastsLeave: true });
    await page.getByRole('link', { name: 'Set a new goal' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('region', { name: 'Goal Settings' })).toBeVisible();
  });
});
