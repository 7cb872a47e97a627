import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { checkPage, REVIEW_SCREENSHOTS, screenshotForReview, WIDTHS } from '../support/a11y';
import { callApi, idTokenFor, logPushupsViaApi } from '../support/api';
import { createChallengeViaApi, day } from '../support/challenges';
import { createGroupViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// Share pictures (docs/product.md, "Share pictures"): 'Share' hands the server's PNG to the device's
// share sheet where the browser can share files (only navigator.share and navigator.canShare are
// stood in for: the OS's sheet); elsewhere it shows the picture with 'Download image' and 'Copy link'.
// Screenshots for a person to look at go to SHOTS.
const SHOTS = process.env.SHARE_CARDS_SHOTS ?? '/tmp/shots-s';

/** What the stand-in share sheet received: each call's files (name, type, size, first bytes) and text. */
interface Shared {
  files: { name: string; type: string; size: number; head: number[] }[];
  title?: string;
  url?: string;
}

/** Stands in for the device's share sheet: canShare says yes to files, share records what it got. */
async function standInShareSheet(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { sharedFiles: unknown[] }).sharedFiles = calls;
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data?: { files?: File[] }) => Array.isArray(data?.files) && data.files.length > 0,
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { files: File[]; title?: string; url?: string }) => {
        const files = await Promise.all(
          data.files.map(async (file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
            head: [...new Uint8Array(await file.slice(0, 8).arrayBuffer())],
          })),
        );
        calls.push({ files, title: data.title, url: data.url });
      },
    });
  });
}

/** A browser without file sharing: canShare is missing, as in Firefox on the desktop. */
async function noFileSharing(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
  });
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const hero = (page: Page) => page.locator('section[aria-labelledby="welcome-card-title"]');

async function userWithPushups(page: Page, prefix: string) {
  const user = await signedInNewUser(page, prefix);
  const token = await idTokenFor(user.email, PASSWORD);
  await logPushupsViaApi(token, 42, new Date().toISOString(), 'UTC');
  return { ...user, token };
}

async function shoot(page: Page, name: string) {
  // Either way the page is left at the desktop's width.
  for (const size of REVIEW_SCREENSHOTS ? WIDTHS : WIDTHS.slice(-1)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await hero(page).scrollIntoViewIfNeeded();
    await screenshotForReview(page, `${SHOTS}/ui-${name}-${size.width}x${size.height}.png`);
  }
}

test.describe('in English', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test('Share hands the day’s picture and an achievement’s to the share sheet as PNG files', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await standInShareSheet(page);
    await userWithPushups(page, 'sharer');
    await page.goto('/');
    // The entry earned 'First Rep': its announcement has a Share of its own.
    const announcement = page.getByRole('region', { name: /Achievement unlocked/ });
    await expect(announcement).toContainText('First Rep');
    await announcement.hover();
    await announcement.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: Shared[] }).sharedFiles.length))
      .toBe(1);

    await hero(page).getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: Shared[] }).sharedFiles.length))
      .toBe(2);
    const shared = await page.evaluate(() => (window as unknown as { sharedFiles: Shared[] }).sharedFiles);
    for (const call of shared) {
      expect(call.files).toHaveLength(1);
      expect(call.files[0]).toMatchObject({
        name: 'pushup-tracker.png',
        type: 'image/png',
        head: PNG_SIGNATURE,
      });
      expect(call.files[0]?.size).toBeGreaterThan(10_000);
    }
    expect(shared[0]?.title).toBe('I earned “First Rep” on Pushup Tracker');
    expect(shared[1]?.title).toBe('My pushups today on Pushup Tracker');
    // The share sheet took it: no other way is offered.
    await expect(page.getByRole('link', { name: 'Download image' })).toHaveCount(0);
  });

  test('without file sharing, Share shows the picture with Download image and Copy link', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await noFileSharing(page);
    await userWithPushups(page, 'saver');
    await page.goto('/');
    await hero(page).getByRole('button', { name: 'Share' }).click();
    const download = hero(page).getByRole('link', { name: 'Download image' });
    await expect(download).toBeVisible();
    const preview = hero(page).getByRole('img', { name: 'My pushups today on Pushup Tracker' });
    await expect(preview).toBeVisible();
    // The picture itself is shown, not a broken image (the page's CSP allows data: images only).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('pushup-tracker.png');
    const saved = await file.path();
    const png = fs.readFileSync(saved);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({
      width: 1200,
      height: 630,
    });

    await hero(page).getByRole('button', { name: 'Copy link' }).click();
    await expect(hero(page).getByRole('status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/`);

    await shoot(page, 'fallback-light');
    await checkPage(page, 'share-fallback-light', hero(page), { untilToastsLeave: false });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shoot(page, 'fallback-dark');
    await checkPage(page, 'share-fallback-dark', hero(page));
  });

  test('a public profile’s page offers its picture to a signed-out visitor', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const { username, token } = await userWithPushups(page, 'shown');
    const parts = { totals: true, streak: true, records: false, heatmap: false, achievements: true };
    await callApi(token, 'PUT', '/api/users/public-profile', { enabled: true, parts }, 200);
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', serviceWorkers: 'block' });
    const visitor = await context.newPage();
    await noFileSharing(visitor);
    await visitor.goto(`/u/${username}`);
    await visitor.getByRole('button', { name: 'Share' }).click();
    await expect(visitor.getByRole('img', { name: `${username} on Pushup Tracker` })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Download image' })).toBeVisible();
    for (const size of WIDTHS) {
      await visitor.setViewportSize({ width: size.width, height: size.height });
      await visitor.screenshot({
        path: `${SHOTS}/ui-profile-${size.width}x${size.height}.png`,
        fullPage: true,
      });
    }
    await checkPage(visitor, 'share-public-profile', visitor.getByRole('heading', { level: 1 }));
    await context.close();
  });

  test('a finished challenge’s Share hands its result’s picture to the share sheet', async ({ page }) => {
    test.setTimeout(120_000);
    await standInShareSheet(page);
    const { token } = await userWithPushups(page, 'racer');
    const group = await createGroupViaApi(token, groupName('Share club'));
    // The server takes a start at most one day back: a race of yesterday alone is over today.
    await logPushupsViaApi(token, 30, day(-1).noon, 'UTC');
    const race = await createChallengeViaApi(token, group.id, {
      name: 'Yesterday race',
      kind: 'race',
      startDay: day(-1).day,
      endDay: day(-1).day,
    });
    await page.goto(`/groups/${group.id}/challenges/${race.id}`);
    await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: Shared[] }).sharedFiles.length))
      .toBe(1);
    const [shared] = await page.evaluate(() => (window as unknown as { sharedFiles: Shared[] }).sharedFiles);
    expect(shared?.title).toBe('The result of “Yesterday race” on Pushup Tracker');
    expect(shared?.url).toBe(`${new URL(page.url()).origin}/groups/${group.id}/challenges/${race.id}`);
    expect(shared?.files[0]).toMatchObject({
      name: 'pushup-tracker.png',
      type: 'image/png',
      head: PNG_SIGNATURE,
    });
    expect(shared?.files[0]?.size).toBeGreaterThan(10_000);
  });
});

test.describe('in German', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test('Teilen zeigt das Bild in Deutsch, mit Bild herunterladen und Link kopieren', async ({ page }) => {
    test.setTimeout(120_000);
    await noFileSharing(page);
    const { token } = await userWithPushups(page, 'teiler');
    // German chosen in the settings (docs/product.md, "Language and theme"), which the app follows.
    await callApi(token, 'PATCH', '/api/users/settings', { language: 'de' }, 200);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const picture = page.waitForRequest((request) => request.url().includes('/api/share-cards/progress'));
    await hero(page).getByRole('button', { name: 'Teilen' }).click();
    expect(new URL((await picture).url()).searchParams.get('lang')).toBe('de');
    await expect(hero(page).getByRole('link', { name: 'Bild herunterladen' })).toBeVisible();
    await expect(hero(page).getByRole('button', { name: 'Link kopieren' })).toBeVisible();
    await expect(
      hero(page).getByRole('img', { name: 'Meine Liegestütze heute bei Pushup Tracker' }),
    ).toBeVisible();
    await shoot(page, 'fallback-de');
    await checkPage(page, 'share-fallback-de', hero(page));
  });
});
