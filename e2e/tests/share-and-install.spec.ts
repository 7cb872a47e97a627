import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkPage, screenshotDir, screenshotForReview } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { tokenOf } from '../support/users';

// The installed app's 'Log pushups' shortcut, and an invite link's Share (the device's share sheet)
// and QR code (for people in the same room).
test.slow();

const PHONE = { width: 375, height: 812 };

test('the manifest’s Log pushups shortcut opens the counter with its count field focused, once', async ({
  page,
}) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    shortcuts: { name: string; url: string; icons: { src: string }[] }[];
  };
  expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
    ['Log pushups', '/?log=1'],
  ]);
  const [shortcut] = manifest.shortcuts;
  if (!shortcut) throw new Error('the manifest has no shortcut');
  for (const icon of shortcut.icons) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }

  await page.setViewportSize(PHONE);
  await signedInNewUser(page, 'shortcut');
  await page.goto(shortcut.url);
  const field = page.getByRole('spinbutton', { name: 'Pushup count' });
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  // Used once: the address no longer asks for it, so a reload does not take the keyboard again.
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(page.getByText('12 recorded')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log Pushups' })).toBeVisible();
  await expect(field).not.toBeFocused();
});

/** An admin on their group's page with one invite link; what the page fetched is in `requests`. */
async function adminWithInvite(page: Page) {
  const admin = await signedInNewUser(page, 'sharer');
  const token = await tokenOf(admin.email);
  const name = groupName('Same Room');
  const group = await createGroupViaApi(token, name);
  const invite = await createInviteViaApi(token, group.id);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`/groups/${group.id}`);
  const invites = page.getByRole('region', { name: /^Invite links/ });
  await expect(invites.getByRole('button', { name: 'Copy link' })).toBeVisible();
  return { name, group, invites, requests, link: new URL(`/invite/${invite.code}`, page.url()).href };
}

test('an invite link’s QR code opens in a dialog, its code loaded only then, readable light and dark', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const { name, invites, requests, link } = await adminWithInvite(page);
  // Chromium on Linux has no share sheet: no Share button that would do nothing.
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  expect(requests.filter((url) => /\/qr-code-[^/]*\.js$/.test(url))).toEqual([]);

  await invites.getByRole('button', { name: 'QR code' }).first().click();
  const dialog = page.getByRole('dialog', { name: `Scan to join ${name}` });
  await expect(dialog).toBeVisible();
  const code = dialog.getByRole('img', { name: `QR code of ${link}` });
  await expect(code).toBeVisible();
  await expect(dialog.getByText(link, { exact: true })).toBeVisible();
  expect(requests.filter((url) => /\/qr-code-[^/]*\.js$/.test(url))).toHaveLength(1);
  // Large enough to scan across a table, and square.
  const box = await code.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(250);
  expect(box?.height).toBeCloseTo(box?.width ?? 0, 0);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // The code keeps black on white in the dark theme: what a camera reads.
    await expect(code.locator('rect')).toHaveAttribute('fill', '#ffffff');
    await page.setViewportSize(PHONE);
    await screenshotForReview(page, path.join(screenshotDir, `K-qr-dialog-phone-${colorScheme}.png`));
    await checkPage(page, `K-qr-dialog-${colorScheme}`, dialog, { fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('where the browser has a share sheet, Share beside Copy hands it the invite link and the share page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });
  const { name, group, invites, link } = await adminWithInvite(page);
  const shares = invites.getByRole('button', { name: 'Share', exact: true });
  await expect(shares).toHaveCount(2);
  await shares.first().click();
  await shares.last().click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toEqual([
    { text: `Join ${name} on Pushup Tracker`, url: link },
    { text: `Ask to join ${name} on Pushup Tracker`, url: new URL(`/groups/${group.id}/join`, link).href },
  ]);
  await checkPage(page, 'K-invite-links-with-share', invites);
});
