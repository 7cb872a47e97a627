import { expect, type Page, test } from '@playwright/test';
import { chooseUsername, dismissConsent, PASSWORD, signInThroughUi } from '../support/pages';
import { createEmulatorAccount, invite, uniqueEmail, uniqueUsername } from '../support/users';

async function registeredUserOnProfile(page: Page): Promise<{ email: string; username: string }> {
  const email = uniqueEmail('profile');
  const username = uniqueUsername('prof');
  invite(email);
  await createEmulatorAccount(email, PASSWORD);
  await signInThroughUi(page, email);
  await chooseUsername(page, username);
  await dismissConsent(page);
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
