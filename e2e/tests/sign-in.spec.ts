import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { emulatorPost } from '../support/emulator';
import { E2E } from '../support/env';
import { createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { chooseUsername, dismissConsent } from '../support/pages';
import {
  createEmulatorAccount,
  invite,
  PASSWORD,
  registeredUser,
  uniqueEmail,
  uniqueUsername,
} from '../support/users';

// Each page is checked by axe and shot at two widths, which takes a while on a slow machine.
const SLOW = 240_000;

/** Every request the page sends to the identity service (through the app, decision 021, or not). */
function identityRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (
      url.includes('identitytoolkit.googleapis.com') ||
      url.includes('securetoken.googleapis.com') ||
      url.startsWith(E2E.authEmulatorUrl)
    ) {
      urls.push(url);
    }
  });
  return urls;
}

/** The password-reset mails the emulator "sent" (its outbox is a REST call). */
async function resetMails(email: string): Promise<{ oobCode: string; oobLink: string }[]> {
  const response = await fetch(`${E2E.authEmulatorUrl}/emulator/v1/projects/demo-pushup-tracker/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; oobLink: string; requestType: string }[];
  };
  return oobCodes.filter(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === 'PASSWORD_RESET',
  );
}

test('an empty sign-in form says at the fields what is missing, without calling the identity service', async ({
  page,
}) => {
  test.setTimeout(SLOW);
  // The page's timers on a clock the test can move (see the end).
  await page.clock.install();
  const sent = identityRequests(page);
  await page.goto('/login');
  await dismissConsent(page);
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });

  // With the keyboard: Enter in the empty email field submits the form.
  await email.focus();
  await email.press('Enter');
  await expect(page.locator('#login-email-error')).toHaveText('Please enter your email address.');
  await expect(page.locator('#login-password-error')).toHaveText('Please enter your password.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await checkPage(page, 'login-empty-fields');

  // The email typed: only the password is missing, and the focus goes there.
  await email.fill('someone@example.com');
  await expect(page.locator('#login-email-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('#login-password-error')).toHaveText('Please enter your password.');
  await expect(password).toBeFocused();
  await expect(email).toHaveValue('someone@example.com');

  // The reset form too.
  await email.fill('');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('#reset-email-error')).toHaveText('Please enter your email address.');

  // Any call the form started, even one put off by a timer, is sent: the page's timers run a second
  // ahead, and once a request the page sends after that is seen, every earlier one has been seen too.
  // None went to the identity service.
  await page.clock.runFor(1000);
  const lastRequest = page.waitForRequest('**/api/health');
  await page.evaluate(() => void fetch('/api/health'));
  await lastRequest;
  expect(sent).toEqual([]);
});

test('the sign-up hint states the real password rule, which the identity service enforces', async ({
  page,
}) => {
  test.setTimeout(SLOW);
  await page.goto('/login');
  await dismissConsent(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.locator('#login-password-hint')).toHaveText('At least 6 characters.');
  await expect(page.getByText('The password rules of this instance apply.')).toHaveCount(0);
  await checkPage(page, 'login-sign-up');

  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await password.fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('at least 6 characters');
  await expect(page).toHaveURL(/\/login$/);
});

test("'Forgot password?' sends Firebase's reset mail; its code sets a new password to sign in with", async ({
  page,
}) => {
  test.setTimeout(SLOW);
  const email = uniqueEmail('forgetful');
  await invite(email);
  await createEmulatorAccount(email, PASSWORD);

  await page.goto('/login');
  await dismissConsent(page);
  await page.getByLabel('Email').fill(email);
  // With the keyboard: Tab from the password field reaches 'Forgot password?'.
  await page.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await checkPage(page, 'login-reset');
  const sendOob = page.waitForRequest((r) => r.url().includes('accounts:sendOobCode'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect((await sendOob).postDataJSON()).toMatchObject({ requestType: 'PASSWORD_RESET', email });
  const confirmation = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(confirmation).toContainText(
    `If an account exists for ${email}, we have sent it a link to reset the password.`,
  );
  await checkPage(page, 'login-reset-sent');

  // The mail: complete the reset with its code, as the link's page would.
  await expect.poll(async () => (await resetMails(email)).length).toBe(1);
  const [mail] = await resetMails(email);
  expect(mail?.oobLink).toContain(`oobCode=${mail?.oobCode}`);
  expect(mail?.oobLink).toContain('mode=resetPassword');
  const newPassword = 'a-new-password-7';
  await emulatorPost('accounts:resetPassword', { oobCode: mail?.oobCode, newPassword });

  // Back on the sign-in form, the old password fails and the new one signs in.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByLabel('Username')).toBeVisible();
});

test('the reset confirmation does not tell whether an address has an account', async ({ page }) => {
  test.setTimeout(SLOW);
  const nobody = uniqueEmail('nobody');
  await page.goto('/login');
  await dismissConsent(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toContainText(
    `If an account exists for ${nobody}, we have sent it a link to reset the password.`,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await resetMails(nobody)).toEqual([]);
});

test('a signed-out person who opens an invite link sees on the sign-in page which group invited them', async ({
  page,
}) => {
  test.setTimeout(SLOW);
  const admin = await registeredUser('inviter');
  const name = groupName('Invited');
  const group = await createGroupViaApi(admin.token, name);
  const link = await createInviteViaApi(admin.token, group.id);
  const guest = uniqueEmail('guest');
  await invite(guest);
  await createEmulatorAccount(guest, PASSWORD);

  // Signed out: the invite's own address shows the sign-up form under the group's name.
  const preview = page.waitForResponse((r) => r.url().endsWith(`/api/groups/invites/${link.code}/preview`));
  await page.goto(`/invite/${link.code}`);
  await expect(page).toHaveURL(new RegExp(`/invite/${link.code}$`));
  expect((await preview).request().headers().authorization).toBeUndefined();
  await dismissConsent(page);
  await expect(page.getByText('You are invited to join')).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await checkPage(page, 'login-invited');

  // Signing in instead.
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await page.getByLabel('Email').fill(guest);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A first sign-in: the username is chosen over the invite, which then joins by itself.
  await expect(page).toHaveURL(new RegExp(`/invite/${link.code}$`));
  await chooseUsername(page, uniqueUsername('guest'));
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('an invite link that no longer works names no group on the sign-in page', async ({ page }) => {
  await page.goto(`/invite/${'x'.repeat(32)}`);
  await expect(page).toHaveURL(/\/invite\/x+$/);
  await expect(
    page.getByText('A group invite is waiting for you. Sign in or create an account to see it.'),
  ).toBeVisible();
  await expect(page.getByText('You are invited to join')).toHaveCount(0);
});
