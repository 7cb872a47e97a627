import { expect, test } from '@playwright/test';
import { chooseUsername, dismissConsent, signInWithGoogleThroughUi, signUpThroughUi } from '../support/pages';
import { invite, uniqueEmail, uniqueUsername, verificationMail } from '../support/users';

test('an invited newcomer signs up, picks a username and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const username = uniqueUsername('newcomer');
  invite(email);

  await signUpThroughUi(page, email);
  await expect(page).toHaveURL(/\/$/);

  // The invite counts once the address is verified: the mail went out at sign-up.
  const verify = page.getByRole('region', { name: 'Verify your email' });
  await expect(verify.getByRole('alert')).toHaveText(
    'Please verify your email address to continue: open the link in the email we sent you, then continue.',
  );
  await verify.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(page.getByText('Your email is not verified yet.', { exact: false })).toBeVisible();
  await verify.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(`Verification email sent to ${email}`)).toBeVisible();
  // Opening the link (in another tab, as from a mail app) verifies the address.
  const mailTab = await page.context().newPage();
  await mailTab.goto((await verificationMail(email)).oobLink);
  await mailTab.close();
  await verify.getByRole('button', { name: 'I have verified my email' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const setUsername = dialog.getByRole('button', { name: 'Set Username' });
  // Disabled while empty and while the terms box is unchecked.
  await expect(setUsername).toBeDisabled();
  await dialog.getByLabel('Username').fill('no spaces');
  await expect(setUsername).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await setUsername.click();
  await expect(dialog.getByText('Username cannot contain spaces')).toBeVisible();
  // The typed text stays so the user can correct it.
  await expect(dialog.getByLabel('Username')).toHaveValue('no spaces');
  await dialog.getByRole('checkbox').uncheck();

  await chooseUsername(page, username);
  await dismissConsent(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Log History' })).toBeVisible();
});

test('the Google path signs a made-up Google account in through the emulator', async ({ page }) => {
  const email = uniqueEmail('google');
  invite(email);

  await signInWithGoogleThroughUi(page, 'Gina Google', email);

  await expect(page).toHaveURL(/\/$/);
  await chooseUsername(page, uniqueUsername('gina'));
});

test('an uninvited person is asked to verify like anyone, then turned away with the spec message', async ({
  page,
}) => {
  const email = uniqueEmail('stranger');
  await signUpThroughUi(page, email);
  // Unverified, the answer is the one an invited person gets: it tells nothing of the invite list.
  const verify = page.getByRole('region', { name: 'Verify your email' });
  await expect(verify.getByRole('alert')).toHaveText(
    'Please verify your email address to continue: open the link in the email we sent you, then continue.',
  );
  const mailTab = await page.context().newPage();
  await mailTab.goto((await verificationMail(email)).oobLink);
  await mailTab.close();
  await verify.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(page.getByText('Not invited to the platform. Please contact an administrator.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
