import type { Locator, Page } from '@playwright/test';
import { checkPage, screenshotForReview } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createGroupViaApi, createInviteViaApi, groupName, membersViaApi } from '../support/groups';
import { chooseUsername, dismissConsent } from '../support/pages';
import {
  invite,
  PASSWORD,
  registeredUser,
  uniqueEmail,
  uniqueUsername,
  verificationMail,
} from '../support/users';

// A shared link brings a signed-out person into the group (docs/product.md, "Routes"): the invite
// page offers sign-up first, asks for what is missing in place, and joins by itself; a share link
// names its group. And the sign-in page's first impression on a phone. Several people each: three
// times the usual limit.
test.slow();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** A screenshot of the window for a person to look at (support/a11y.ts, REVIEW_SCREENSHOTS). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshotForReview(page, `${name}.png`);
}

/** Screenshots at a phone's and a desktop's width, light and dark, then axe in both schemes. */
async function lookAtBothThemes(page: Page, name: string, ready: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The page takes the device's scheme as it loads (a signed-out page follows a later change only
    // once something that listens for it has loaded).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await expect(ready).toBeVisible();
      await shot(page, `${name}-${size}-${colorScheme}`);
    }
    await checkPage(page, `${name}-${colorScheme}`, ready);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await page.setViewportSize(PHONE);
}

/** The part of `target` the cookie banner covers, in pixels of height (0: none). */
async function coveredByBanner(page: Page, target: Locator): Promise<number> {
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  const [box, bannerBox] = [await target.boundingBox(), await banner.boundingBox()];
  if (!box || !bannerBox) throw new Error('not on screen');
  return Math.max(0, box.y + box.height - bannerBox.y);
}

test('a signed-out newcomer on a phone signs up from an invite link, verifies in another tab, chooses a username and lands in the group', async ({
  page,
}) => {
  const admin = await registeredUser('crew');
  const name = groupName('Morning Crew');
  const group = await createGroupViaApi(admin.token, name, 'Fifty before breakfast');
  const link = await createInviteViaApi(admin.token, group.id);
  const email = uniqueEmail('invitee');
  const username = uniqueUsername('invitee');
  await invite(email);

  await page.setViewportSize(PHONE);
  await page.goto(`/invite/${link.code}`);
  // The link's own address: the group's name, and creating an account first (signing in second).
  await expect(page).toHaveURL(new RegExp(`/invite/${link.code}$`));
  await expect(page.getByText('You are invited to join')).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('Create your account, and you join the group right after.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in instead' })).toBeVisible();
  // What the app is, on a phone too; the compact cookie banner covers neither the name nor the form.
  await expect(page.locator('p:visible', { hasText: 'Every rep counts.' })).toBeVisible();
  expect(await coveredByBanner(page, page.getByText(name, { exact: true }))).toBe(0);
  expect(await coveredByBanner(page, page.getByRole('button', { name: 'Sign in instead' }))).toBe(0);
  await lookAtBothThemes(page, 'invite-signed-out', page.getByRole('heading', { level: 1 }));
  await dismissConsent(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Still at the link: the address is verified here, and a reload keeps the invite.
  await expect(page).toHaveURL(new RegExp(`/invite/${link.code}$`));
  const verify = page.getByRole('region', { name: 'Verify your email' });
  await expect(verify).toBeVisible();
  await expect(
    page.getByText('Verify your email address, and you join the group right after.'),
  ).toBeVisible();
  await shot(page, 'invite-verify-phone-light');
  await page.reload();
  await expect(verify).toBeVisible();

  // The mail's link opened in another tab, and the app opened again there at its start page: the
  // invite is picked up where it was left.
  const mailTab = await page.context().newPage();
  await mailTab.goto((await verificationMail(email)).oobLink);
  await mailTab.close();
  const second = await page.context().newPage();
  await page.close();
  await second.setViewportSize(PHONE);
  await second.goto('/');
  await expect(second).toHaveURL(new RegExp(`/invite/${link.code}$`));
  await second
    .getByRole('region', { name: 'Verify your email' })
    .getByRole('button', { name: 'I have verified my email' })
    .click();

  // The username in place, over the invite; then the join happens by itself.
  const dialog = second.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(second, 'invite-username-phone-light');
  await chooseUsername(second, username);
  await expect(second).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(second.getByText(`You joined ${name}`)).toBeVisible();
  await expect(second.getByRole('heading', { level: 1, name })).toBeVisible();
  await shot(second, 'invite-new-user-first-screen-phone-light');
  expect((await membersViaApi(admin.token, group.id)).map((m) => m.username)).toContain(username);
  // Used: nothing waits on the device any more, and the start page is the dashboard again.
  expect(await second.evaluate(() => localStorage.getItem('pushup-pending-link'))).toBeNull();
  await second.goto('/');
  await expect(second).toHaveURL(/\/$/);
});

test('someone with an account signs in second on an invite link and is in the group without another click', async ({
  page,
}) => {
  const admin = await registeredUser('crew');
  const name = groupName('Comeback Club');
  const group = await createGroupViaApi(admin.token, name);
  const link = await createInviteViaApi(admin.token, group.id, { maxUses: 3 });
  const guest = await registeredUser('guest');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/invite/${link.code}`);
  await dismissConsent(page);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(page.getByText(`You joined ${name}`)).toBeVisible();
  expect((await membersViaApi(admin.token, group.id)).map((m) => m.username)).toContain(guest.username);
});

test('a dead invite link names no group to a signed-out visitor and is not kept', async ({ page }) => {
  await page.goto(`/invite/${'x'.repeat(32)}`);
  await expect(
    page.getByText('A group invite is waiting for you. Sign in or create an account to see it.'),
  ).toBeVisible();
  await expect(page.getByText('You are invited to join')).toHaveCount(0);
});

test('a signed-out visitor of a group’s share link sees its name and description, and signing in returns to it', async ({
  page,
}) => {
  const admin = await registeredUser('owner');
  const name = groupName('Open Gym');
  const group = await createGroupViaApi(admin.token, name, 'Anyone welcome, 50 a day');
  const guest = await registeredUser('guest');

  await page.setViewportSize(PHONE);
  const preview = page.waitForResponse((r) => r.url().endsWith(`/api/groups/public/${group.id}/preview`));
  await page.goto(`/groups/${group.id}/join`);
  expect((await preview).request().headers().authorization).toBeUndefined();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/join$`));
  await expect(page.getByText('A group was shared with you')).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('Anyone welcome, 50 a day')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await lookAtBothThemes(page, 'share-signed-out', page.getByRole('heading', { level: 1 }));
  await dismissConsent(page);

  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/join$`));
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();

  // An unknown group's link says so, signed out.
  const stranger = await page.context().browser()?.newPage();
  if (!stranger) throw new Error('no browser');
  await stranger.goto('/groups/00000000-0000-4000-8000-000000000000/join');
  await expect(stranger.getByText('This group was not found', { exact: false })).toBeVisible();
  await stranger.close();
});

test('the sign-in page on a phone says what the app is, greets a first visit as such, and its cookie banner hides nothing', async ({
  page,
}) => {
  const user = await registeredUser('returning');
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await expect(page.locator('p:visible', { hasText: 'Every rep counts.' })).toBeVisible();
  await expect(page.getByText('Log your pushups in seconds', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Pushup Tracker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);

  // Compact: a few lines, with both buttons side by side; 'Create an account' is on the first screen.
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  const bannerBox = await banner.boundingBox();
  expect(bannerBox?.height ?? 999).toBeLessThan(200);
  const create = page.getByRole('button', { name: 'Create an account' });
  const createBox = await create.boundingBox();
  expect((createBox?.y ?? 999) + (createBox?.height ?? 0)).toBeLessThanOrEqual(bannerBox?.y ?? 0);
  expect(await coveredByBanner(page, create)).toBe(0);
  await lookAtBothThemes(page, 'login-first-visit', page.getByRole('heading', { level: 1 }));

  // Signed in once on this device, and signed out: now it is 'Welcome back'.
  await dismissConsent(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // Also on a later visit.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});
