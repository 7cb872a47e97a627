import { expect, type Page } from '@playwright/test';
import { E2E } from './env';
import { signInWithStoredSession } from './session';
import {
  type ApiUser,
  createEmulatorAccount,
  invite,
  PASSWORD,
  registeredUser,
  uniqueEmail,
  verificationMail,
} from './users';

/** Signs up through the login page's sign-up mode. */
export async function signUpThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the login page with email and password. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The Google path of local mode: the login page's stand-in for Google's popup, signing in to the
 * emulator. Nobody vouches for an address typed there, so with REQUIRE_VERIFIED_EMAIL (as here) its
 * user confirms it with the mail link, as a password account does (docs/security.md, "Local mode").
 */
export async function signInWithGoogleThroughUi(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').last().fill(email);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await confirmEmailThroughUi(page, email);
}

/** Asks for the verification mail on the dashboard's card, opens its link in another tab and continues. */
async function confirmEmailThroughUi(page: Page, email: string): Promise<void> {
  const verify = page.getByRole('region', { name: 'Verify your email' });
  await verify.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(`Verification email sent to ${email}`)).toBeVisible();
  const mailTab = await page.context().newPage();
  await mailTab.goto((await verificationMail(email)).oobLink);
  await mailTab.close();
  await verify.getByRole('button', { name: 'I have verified my email' }).click();
}

/** Completes the first-time username modal and waits for it to close. */
export async function chooseUsername(page: Page, username: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Set Username' }).click();
  await expect(page.getByText('Username set successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Accepts essential cookies so the banner does not cover the page under test. */
export async function dismissConsent(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Accept Essential Only' });
  if (await button.isVisible()) await button.click();
}

/**
 * A new invited user with a username, signed in on the dashboard with the cookie banner answered:
 * made through the API and signed in with a stored session (support/session.ts), as a returning user
 * is. The sign-in page and the first-time username dialog have tests of their own.
 */
export async function signedInNewUser(page: Page, prefix = 'user'): Promise<ApiUser> {
  const user = await registeredUser(prefix);
  const achievementsRead = page.waitForResponse((response) =>
    response.url().startsWith(`${E2E.baseUrl}/api/achievements`),
  );
  await signInWithStoredSession(page, user.email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Read before the test earns any through the API: the next page announces those, never this one
  // with an answer that was on its way meanwhile.
  await achievementsRead;
  // The first-time dialog's save leaves no snapshot: a test that changes the profile through the API
  // and reloads sees the change, as after signing up.
  await forgetSessionSnapshot(page);
  return user;
}

/**
 * Forgets the answers the tab keeps for 60 s across a reload (the profile and the leaderboard:
 * apps/web/src/lib/session-snapshot.ts), as when that time has passed: the next page load shows
 * what another device changed meanwhile.
 */
export async function forgetSessionSnapshot(page: Page): Promise<void> {
  await page.evaluate(() => window.sessionStorage.removeItem('pushup-queries'));
}

/** A new invited account, signed in with a stored session before it chose a username: the first-time dialog is open. */
export async function signedInBeforeUsername(page: Page, prefix = 'user'): Promise<{ email: string }> {
  const email = uniqueEmail(prefix);
  await invite(email);
  await createEmulatorAccount(email, PASSWORD);
  await signInWithStoredSession(page, email, PASSWORD);
  await expect(page.getByRole('dialog')).toBeVisible();
  return { email };
}

/** The calendar's (and Log History heading's) name of a day: 'Saturday, November 21, 2026'. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
