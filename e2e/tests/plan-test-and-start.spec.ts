import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { callApi, idTokenFor } from '../support/api';
import { signedInNewUser } from '../support/pages';
import { planViaApi, recordWakeLocks, shootBothThemes, wakeLockRequests } from '../support/plans';
import { PASSWORD } from '../support/users';

// The placement test and the start of a plan (docs/product.md, "Training plans: screens").

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.slow();

/** axe on the page in the light theme and the dark one, at both widths. */
async function checkBothThemes(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await checkPage(page, `plan-${name}-${colorScheme}`, undefined, { untilToastsLeave: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the placement test counts a set after 3-2-1, proposes a plan, and the plan chosen starts', async ({
  page,
}) => {
  await recordWakeLocks(page);
  const { email } = await signedInNewUser(page, 'ptest');
  // Without a plan, the dashboard's hero offers one quietly.
  await page.getByRole('link', { name: 'Get a plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Training plans' })).toBeVisible();
  await checkBothThemes(page, 'catalogue');
  await shootBothThemes(page, 'catalogue');

  await page.getByRole('link', { name: 'Take the placement test' }).click();
  await expect(page.getByText('How many pushups can you do in one set with good form?')).toBeVisible();
  await checkBothThemes(page, 'test');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(page.getByText('Get ready')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Go!' })).toBeVisible({ timeout: 6_000 });
  // The screen stays on while the set is counted.
  expect(await wakeLockRequests(page)).toContain('screen');

  const target = page.getByRole('button', { name: 'Count a pushup' });
  for (let i = 0; i < 7; i++) await target.click();
  await page.getByRole('button', { name: 'One more' }).click();
  // With the keyboard too: Enter on the target counts one, an arrow steps back.
  await target.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'done' })).toHaveText('8 done');
  await shootBothThemes(page, 'test-counting');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('heading', { name: 'Your result: 8 in one set' })).toBeVisible();
  await expect(page.getByText(/We suggest 100 in a row in 6 weeks, Level 2/)).toBeVisible();
  await shootBothThemes(page, 'test-result');
  const suggested = page.getByRole('radio', { name: /100 in a row in 6 weeks/ });
  await expect(suggested).toBeChecked();
  // The user changes the level before starting, and shares the plan with their groups.
  await page.getByRole('radio', { name: 'Level 1' }).check({ force: true });
  await page.getByRole('checkbox', { name: /Share with my groups/ }).check();
  await page.getByRole('button', { name: 'Start plan' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
  await expect(page.getByText('100 in a row in 6 weeks · Level 1')).toBeVisible();
  // The plan trains on Monday, Wednesday and Friday: on the other days the workout is 'Train anyway'.
  await expect(page.getByRole('link', { name: /^(Start workout|Train anyway)$/ })).toBeVisible();
  // The test is kept with its date, and listed.
  await expect(
    page.getByRole('region', { name: 'Your tests' }).getByText('8', { exact: true }),
  ).toBeVisible();
  const token = await idTokenFor(email, PASSWORD);
  const state = await planViaApi(token);
  expect(state.plan?.settings).toMatchObject({ planId: 'hundred', level: 1, weekdays: [1, 3, 5] });
  expect(state.plan?.shared).toBe(true);
  expect(state.latestTest?.count).toBe(8);
  const tests = await callApi<{ count: number }[]>(token, 'GET', '/api/plan/tests');
  expect(tests.map((kept) => kept.count)).toEqual([8]);
  // The calendar names each day's state in words as well as by colour.
  const calendar = page.getByRole('table', { name: 'Your plan’s days' });
  await expect(calendar).toBeVisible();
  await checkBothThemes(page, 'overview');
  await shootBothThemes(page, 'calendar');
  // The profile shows the tests over time too.
  await page.goto('/profile');
  await expect(
    page.getByRole('region', { name: 'Your tests' }).getByText('8', { exact: true }),
  ).toBeVisible();
});

test('a plan can be paused, resumed, changed in level and abandoned after a confirmation', async ({
  page,
}) => {
  await signedInNewUser(page, 'pmanage');
  await page.goto('/plan');
  await page.getByRole('radio', { name: /30-day challenge/ }).check({ force: true });
  // The 30-day challenge trains every day: no weekdays to choose.
  await expect(page.getByText('Every day', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start plan' }).click();
  await expect(page.getByText('30-day challenge · Level 1')).toBeVisible();

  await page.getByRole('button', { name: 'Pause plan' }).click();
  await expect(page.getByRole('heading', { name: 'Plan paused' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume plan' }).click();
  await expect(page.getByRole('button', { name: 'Pause plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Level 3' }).click();
  await expect(page.getByText('30-day challenge · Level 3')).toBeVisible();

  await page.getByRole('button', { name: 'Abandon plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abandon this plan?' });
  await dialog.getByRole('button', { name: 'Keep the plan' }).click();
  await expect(page.getByText('30-day challenge · Level 3')).toBeVisible();
  await page.getByRole('button', { name: 'Abandon plan' }).click();
  await dialog.getByRole('button', { name: 'Abandon plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Training plans' })).toBeVisible();
});
