import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addDays, MESSAGES } from '@pushup/shared';
import {
  checkPage,
  REVIEW_SCREENSHOTS,
  screenshotDir,
  screenshotForReview,
  screenshotsForReview,
  WIDTHS,
} from '../support/a11y';

import { forgetSessionSnapshot, signedInBeforeUsername, signedInNewUser } from '../support/pages';
import { registeredUser, storeGoalInDatabase, uniqueUsername } from '../support/users';

// Each page is checked by axe and shot at two widths, which takes a while on a slow machine.
const SLOW = 240_000;

/** The goal form itself at phone and desktop width (the full page is long), for a human to look at. */
async function shootGoalForm(page: Page, name: string): Promise<void> {
  // Either way the page is left at the desktop's width.
  for (const size of REVIEW_SCREENSHOTS ? WIDTHS : WIDTHS.slice(-1)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.getByLabel('Target pushups').scrollIntoViewIfNeeded();
    await screenshotForReview(page, path.join(screenshotDir, `${name}-${size.name}-form.png`));
  }
}

async function registeredUserOnProfile(page: Page): Promise<{ email: string; username: string }> {
  const { email, username } = await signedInNewUser(page, 'profile');
  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  return { email, username };
}

test('the username can be edited, with validation and cancel', async ({ page }) => {
  const { username } = await registeredUserOnProfile(page);
  await expect(page.getByText(username, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const input = page.getByLabel('Username');
  await input.fill('x');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Username must be at least 3 characters long')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(username, { exact: true })).toBeVisible();

  const renamed = uniqueUsername('renamed');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Username').fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Username updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
});

test('goal settings: No Changes, Update Goal, only changed fields, persisted', async ({ page }) => {
  await registeredUserOnProfile(page);
  const submit = page.getByRole('button', { name: /No Changes|Update Goal|Updating\.\.\./ });
  await expect(submit).toHaveText('No Changes');
  await expect(submit).toBeDisabled();

  await page.getByLabel(/Goal description/i).fill('Summer strength');
  await expect(page.getByText('35 characters remaining')).toBeVisible();
  await page.getByLabel('Target pushups').fill('5000');
  await page.getByLabel('Target date').fill('2027-06-30');
  await expect(submit).toHaveText('Update Goal');

  const patch = page.waitForRequest((r) => r.url().endsWith('/api/users/profile-update'));
  await submit.click();
  expect((await patch).postDataJSON()).toEqual({
    personalGoal: 5000,
    goalDeadline: '2027-06-30',
    goalDescription: 'Summer strength',
  });
  await expect(page.getByText('Goal settings updated successfully')).toBeVisible();
  await expect(submit).toHaveText('No Changes');

  await page.reload();
  await expect(page.getByLabel('Target pushups')).toHaveValue('5000');
  await expect(page.getByLabel(/Goal description/i)).toHaveValue('Summer strength');
});

test('goals that make sense: 0 and a past deadline are refused at the field, nothing typed is lost', async ({
  page,
}) => {
  test.setTimeout(SLOW);
  const { email } = await registeredUserOnProfile(page);
  const patches: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/profile-update')) patches.push(request.postDataJSON());
  });
  // The browser's today, in the zone the app tells the server.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const submit = page.getByRole('button', { name: /No Changes|Update Goal|Updating\.\.\./ });
  const target = page.getByLabel('Target pushups');
  const deadline = page.getByLabel('Target date');
  const description = page.getByLabel(/Goal description/i);

  await description.fill('Strong by spring');
  await target.fill('0');
  await deadline.fill(addDays(today, -1));
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#goal-target-error')).toHaveText(MESSAGES.goalZero);
  await expect(deadline).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#goal-deadline-error')).toHaveText(MESSAGES.goalDeadlinePast);
  await expect(submit).toHaveText('Update Goal');
  await expect(submit).toBeDisabled();
  // Enter in a field does not send it either.
  await target.press('Enter');
  await checkPage(page, 'profile-goal-refused', page.getByRole('heading', { level: 1 }));
  await shootGoalForm(page, 'profile-goal-refused');
  expect(patches).toEqual([]);
  // Nothing typed is lost.
  await expect(target).toHaveValue('0');
  await expect(deadline).toHaveValue(addDays(today, -1));
  await expect(description).toHaveValue('Strong by spring');

  // Fixed at the fields, it is sent; today itself is a valid deadline.
  await target.fill('5000');
  await deadline.fill(today);
  await expect(page.locator('#goal-target-error')).toHaveCount(0);
  await expect(page.locator('#goal-deadline-error')).toHaveCount(0);
  await submit.click();
  await expect(page.getByText('Goal settings updated successfully')).toBeVisible();
  expect(patches).toEqual([{ personalGoal: 5000, goalDeadline: today, goalDescription: 'Strong by spring' }]);

  // A deadline saved earlier that has passed since: the profile loads, the field says so, and
  // another field can still be changed (only that field is sent).
  storeGoalInDatabase(email, 5000, '2025-06-30');
  await forgetSessionSnapshot(page);
  await page.reload();
  await expect(deadline).toHaveValue('2025-06-30', { timeout: 30_000 });
  await expect(page.getByText('This deadline has passed. Choose a new one or clear it.')).toBeVisible();
  await expect(deadline).not.toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'profile-goal-deadline-passed', page.getByRole('heading', { level: 1 }), {
    untilToastsLeave: true,
  });
  await shootGoalForm(page, 'profile-goal-deadline-passed');
  await description.fill('Still going');
  await submit.click();
  await expect(page.getByText('Goal settings updated successfully')).toBeVisible();
  expect(patches.at(-1)).toEqual({ goalDescription: 'Still going' });
  await page.reload();
  // The reload may take a while on a slow machine (the profile page loads its parts again).
  await expect(deadline).toHaveValue('2025-06-30', { timeout: 30_000 });
  await expect(description).toHaveValue('Still going');
});

test('the account can be deleted after typing confirm, and the user lands on /login', async ({ page }) => {
  await registeredUserOnProfile(page);
  await expect(page.getByText('Max groups: 5')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type confirm to delete your account').fill('nope');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Please type "confirm" to delete your account')).toBeVisible();

  await dialog.getByLabel('Type confirm to delete your account').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
});

test('Username is already taken is said at the username field, on the profile and in the first-time dialog', async ({
  page,
  browser,
}) => {
  test.slow();
  const taken = await registeredUser('taken');
  await registeredUserOnProfile(page);

  await page.getByRole('button', { name: 'Edit' }).click();
  const input = page.getByLabel('Username');
  await input.fill(taken.username);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The field itself carries the message (aria-invalid, aria-describedby), not only the form.
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription('Username is already taken');
  await input.fill(`${taken.username}x`);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');

  // A new user choosing a taken name in the first-time dialog.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await signedInBeforeUsername(newcomer, 'newcomer');
  const dialog = newcomer.getByRole('dialog');
  const field = dialog.getByLabel('Username');
  await field.fill(taken.username);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Set Username' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Username is already taken/);
  await context.close();
});

test('the deletion dialog shows the word to type as a highlighted chip, and the field keeps its name', async ({
  page,
}) => {
  await registeredUserOnProfile(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog');
  const word = dialog.locator('label kbd');
  await expect(word).toHaveText('confirm');
  const style = await word.evaluate((element) => {
    const own = getComputedStyle(element);
    const label = getComputedStyle(element.closest('label') as Element);
    return { font: own.fontFamily, background: own.backgroundColor, labelBackground: label.backgroundColor };
  });
  expect(style.font).toMatch(/mono/i);
  expect(style.background).not.toBe(style.labelBackground);
  // Still one accessible name for the field: screen readers hear the same sentence.
  await expect(dialog.getByLabel('Type confirm to delete your account')).toBeVisible();
  await screenshotsForReview(page, 'delete-dialog');
});
