import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { checkPage, REVIEW_SCREENSHOTS, screenshotDir, screenshotForReview } from '../support/a11y';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { PASSWORD, tokenOf } from '../support/users';

// The dashboard's Submit says why it cannot be pressed at 0; installing the app is offered right after
// a set on a second day (docs/product.md, "Offline"); the QR code dialog gives the keyboard back to
// its button, and each QR button says whose code it opens.
test.use({ timezoneId: 'UTC', locale: 'en-US' });
// Sign-ups and screenshots at two widths in two themes.
test.slow();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const SCHEMES = ['light', 'dark'] as const;
const shots = screenshotDir;
mkdirSync(shots, { recursive: true });

const REASON = 'Enter how many pushups you did first.';

/** Screenshots of the window at both widths in the page's colour scheme now, `target` scrolled into view. */
async function shoot(page: Page, name: string, target?: Locator) {
  // Either way the page is left at the desktop's width.
  for (const size of REVIEW_SCREENSHOTS ? [PHONE, DESKTOP] : [DESKTOP]) {
    await page.setViewportSize(size);
    if (target) await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshotForReview(page, path.join(shots, `${name}-${size.width}.png`));
  }
}

/**
 * Waits for the toasts to leave, on a wide window: on a phone a toast over the counter steps aside
 * and keeps its time while the counter is in use (components/toaster.tsx), so it would stay.
 */
async function toastsGone(page: Page) {
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0, { timeout: 15_000 });
}

async function inTheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
}

test.describe('Submit at 0', () => {
  test('says why it cannot be pressed, beside it and as its description, until the count is above 0', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signedInNewUser(page, 'reason');
    const submit = page.getByRole('button', { name: 'Submit Pushups' });
    const reason = page.getByText(REASON);
    await expect(submit).toBeDisabled();
    await expect(reason).toBeVisible();
    await expect(submit).toHaveAccessibleDescription(REASON);
    // Beside the button: just under it, not somewhere else on the page.
    const [button, line] = [await submit.boundingBox(), await reason.boundingBox()];
    expect(line && button && line.y - (button.y + button.height)).toBeLessThan(16);
    for (const colorScheme of SCHEMES) {
      await inTheme(page, colorScheme);
      await toastsGone(page);
      await shoot(page, `A-reason-${colorScheme}`, submit);
      await checkPage(page, `A-reason-${colorScheme}`, reason);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Increase count' }).click();
    await expect(submit).toBeEnabled();
    await expect(reason).toBeHidden();
    await expect(submit).toHaveAccessibleDescription('');
    await page.getByLabel('Pushup count').fill('0');
    await expect(submit).toHaveAccessibleDescription(REASON);
  });
});

/**
 * Sends the page the event Chromium sends an installable app (a browser event from outside the app,
 * so made here): its `prompt()` is counted in `window.installPrompts`, and its answer is `outcome`.
 * Returns whether the app held the event back (Chromium's own infobar then stays away).
 */
function sendInstallEvent(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<boolean> {
  return page.evaluate((answer) => {
    const counted = window as unknown as { installPrompts?: number };
    counted.installPrompts ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        counted.installPrompts = (counted.installPrompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const installPrompts = (page: Page) =>
  page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts ?? 0);

/** Logs `count` with the counter and waits for the server's answer. */
async function logThroughUi(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
}

/** A new user who logged 20 yesterday (through the API, as on another day), on the dashboard again. */
async function backOnSecondDay(page: Page, prefix: string) {
  const user = await signedInNewUser(page, prefix);
  const token = await idTokenFor(user.email, PASSWORD);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await logPushupsViaApi(token, 20, `${yesterday}T12:00:00.000Z`, 'UTC');
  await page.reload();
  await expect(page.getByText('20 recorded')).toBeVisible();
  return user;
}

const offer = (page: Page) => page.getByRole('region', { name: 'Install the app' });

/**
 * Until the dashboard's day sums show `total` for today. The offer is decided on the same sums
 * (install-offer.tsx), so once they show, an offer that was coming is on the page.
 */
async function daySumsShow(page: Page, total: number) {
  const bars = page.getByRole('table', { name: /^Pushups per day, last \d+ days$/ });
  await expect(bars.getByRole('row').last().getByRole('cell').last()).toHaveText(String(total));
}

/** Until the page has drawn twice: what an event it was sent changed is on screen by then. */
function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test.describe('installing the app', () => {
  test('is offered right after a set on a second day, and Install opens the browser’s dialog once', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await backOnSecondDay(page, 'install');
    expect(await sendInstallEvent(page)).toBe(true);
    // Not on opening the page: only after a set.
    await framesDrawn(page);
    await expect(offer(page)).toHaveCount(0);

    await logThroughUi(page, 10);
    await expect(offer(page)).toBeVisible();
    await expect(offer(page)).toContainText('Log from your home screen in one tap, even offline.');
    for (const colorScheme of SCHEMES) {
      await inTheme(page, colorScheme);
      await toastsGone(page);
      await checkPage(page, `A-install-offer-${colorScheme}`, offer(page));
      await shoot(page, `A-install-offer-${colorScheme}`, offer(page));
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await offer(page).getByRole('button', { name: 'Install' }).click();
    await expect(offer(page)).toHaveCount(0);
    expect(await installPrompts(page)).toBe(1);
    // The event serves once: another set does not offer it again on this page.
    await logThroughUi(page, 5);
    await daySumsShow(page, 15);
    await expect(offer(page)).toHaveCount(0);
  });

  test('Not now hides it, and it stays away after a reload', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await backOnSecondDay(page, 'notnow');
    await sendInstallEvent(page);
    await logThroughUi(page, 10);
    await offer(page).getByRole('button', { name: 'Not now' }).click();
    await expect(offer(page)).toHaveCount(0);
    expect(await installPrompts(page)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.evaluate(() => localStorage.getItem('pushup-install-not-now'))).toBe(today);

    await page.reload();
    await expect(page.getByText('30 recorded')).toBeVisible();
    expect(await sendInstallEvent(page)).toBe(true);
    await logThroughUi(page, 10);
    await expect(page.getByText('40 recorded')).toBeVisible();
    await daySumsShow(page, 20);
    await expect(offer(page)).toHaveCount(0);
  });

  test('is not offered on the first day, nor in the installed app, nor with no install event', async ({
    page,
    otherPerson,
  }) => {
    // The first day: a set logged, the event there, no offer.
    await page.setViewportSize(PHONE);
    await signedInNewUser(page, 'firstday');
    await sendInstallEvent(page);
    await logThroughUi(page, 10);
    await logThroughUi(page, 10);
    await daySumsShow(page, 20);
    await expect(offer(page)).toHaveCount(0);

    // The installed app (display-mode: standalone): the event would not come, and if it did, no offer.
    const installed = await otherPerson({ timezoneId: 'UTC', locale: 'en-US' });
    await installed.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        matchMedia(query === '(display-mode: standalone)' ? 'all' : query);
    });
    await installed.setViewportSize(PHONE);
    await backOnSecondDay(installed, 'standalone');
    expect(await installed.evaluate(() => window.matchMedia('(display-mode: standalone)').matches)).toBe(
      true,
    );
    await sendInstallEvent(installed);
    await logThroughUi(installed, 10);
    await daySumsShow(installed, 10);
    await expect(offer(installed)).toHaveCount(0);

    // A browser that never sends the event (Firefox, desktop Safari): no offer.
    const plain = await otherPerson({ timezoneId: 'UTC', locale: 'en-US' });
    await plain.setViewportSize(PHONE);
    await backOnSecondDay(plain, 'noevent');
    await logThroughUi(plain, 10);
    await daySumsShow(plain, 10);
    await expect(offer(plain)).toHaveCount(0);
  });

  test('on an iPhone, which has no install event, it says how to add the app to the home screen', async ({
    page,
  }) => {
    // What iOS's WebKit has: navigator.standalone (false in the browser) and a touch screen.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 });
    });
    await page.setViewportSize(PHONE);
    await backOnSecondDay(page, 'iphone');
    await logThroughUi(page, 10);
    const hint = page.getByRole('region', { name: 'Add the app to your home screen' });
    await expect(hint).toContainText('Tap Share, then Add to Home Screen');
    await expect(hint.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await hint.scrollIntoViewIfNeeded();
    await screenshotForReview(page, path.join(shots, 'A-home-screen-hint-375.png'));
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect(hint).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pushup-install-not-now'))).not.toBeNull();
  });
});

test.describe('QR codes of a group’s links', () => {
  test('each QR button names its link, and the keyboard is back on it however the dialog closes', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const admin = await signedInNewUser(page, 'qrfocus');
    const token = await tokenOf(admin.email);
    const name = groupName('Same Room');
    const group = await createGroupViaApi(token, name);
    const codes = [
      (await createInviteViaApi(token, group.id)).code,
      (await createInviteViaApi(token, group.id)).code,
    ];
    await page.goto(`/groups/${group.id}`);
    const links = page.getByRole('region', { name: /^Invite links/ });
    const qrButtons = links.getByRole('button', { name: /^QR code/ });
    await expect(qrButtons).toHaveCount(3);

    // Three names, each saying whose code it is: the invite links by the end of their code (shown
    // in their row as 'Code …'), the share page's as such.
    const names = await qrButtons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')),
    );
    expect(new Set(names).size).toBe(3);
    expect(names).toEqual(
      expect.arrayContaining([
        ...codes.map((code) => `QR code for the invite link …${code.slice(-6)}`),
        'QR code for the share link',
      ]),
    );

    const shareQr = links.getByRole('button', { name: 'QR code for the share link' });
    const dialog = page.getByRole('dialog', { name: `Scan to see ${name}` });
    const closings: [string, () => Promise<void>][] = [
      ['Escape', () => page.keyboard.press('Escape')],
      ['Close', () => dialog.getByRole('button', { name: 'Close' }).click()],
      ['a click outside', () => page.mouse.click(8, 8)],
    ];
    for (const [how, close] of closings) {
      await shareQr.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('img', { name: /^QR code of / })).toBeVisible();
      await close();
      await expect(dialog, how).toBeHidden();
      await expect(shareQr, `focus after ${how}`).toBeFocused();
    }

    // Opened from the keyboard, closed with Escape: Tab goes on from the button.
    const firstName = `QR code for the invite link …${codes[0]?.slice(-6)}`;
    const firstInvite = links.getByRole('button', { name: firstName });
    await firstInvite.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: `Scan to join ${name}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(firstInvite).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      links
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: firstName }) })
        .getByRole('button', { name: 'Revoke' }),
    ).toBeFocused();

    // The invite links with a QR code open, light and dark, phone and desktop (the first group's
    // achievement announced and gone first).
    await toastsGone(page);
    await firstInvite.click();
    const inviteDialog = page.getByRole('dialog', { name: `Scan to join ${name}` });
    for (const colorScheme of SCHEMES) {
      await inTheme(page, colorScheme);
      await checkPage(page, `A-qr-dialog-${colorScheme}`, inviteDialog, { fullPage: false });
      await shoot(page, `A-qr-dialog-${colorScheme}`);
    }
    await page.keyboard.press('Escape');
    for (const colorScheme of SCHEMES) {
      await inTheme(page, colorScheme);
      await shoot(page, `A-invite-links-${colorScheme}`, links);
      await checkPage(page, `A-group-page-${colorScheme}`);
    }
  });
});
