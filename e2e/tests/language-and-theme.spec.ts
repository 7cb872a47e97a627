import type { Page } from '@playwright/test';
import { MESSAGES } from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import { readLanguage } from '../../apps/web/scripts/catalog-file';
import { checkPage, screenshotsForReview } from '../support/a11y';
import { callApi, logPushupsViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createGroupViaApi, createInviteViaApi, requestJoinViaApi } from '../support/groups';
import { chooseUsername, signedInBeforeUsername, signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD, registeredUser, tokenOf, uniqueUsername } from '../support/users';

/*
 * Language and theme (docs/product.md, "Language and theme"): every screen in German, found from the
 * browser's language and switchable; light and dark themes, stored on the device and in the profile,
 * and no flash of the wrong theme while a page loads.
 */

const english = readLanguage('en');
const german = readLanguage('de');

/** The English texts a German page must not show: those whose German differs (a whole text, or with its values). */
const englishOnly = new Set<string>();
const englishPatterns: RegExp[] = [];
for (const [key] of english) {
  // A key is the English text, after its context when it has one.
  const id = key.split('\u0004').pop() ?? key;
  if (german.get(key) === id) continue;
  if (!/[{<]/.test(id)) {
    englishOnly.add(id);
  } else if (!id.includes(', plural,')) {
    const pattern = id
      .replace(/<\/?\d+\/?>/g, '')
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
    // Only patterns with enough fixed words to mean something ('{name}' alone would match anything).
    if (pattern.replace(/\.\+/g, '').trim().length >= 8) englishPatterns.push(new RegExp(`^${pattern}$`));
  }
}
for (const [key, text] of Object.entries(MESSAGES)) {
  if (SHARED_TEXTS_DE.messages[key as keyof typeof MESSAGES] !== text) englishOnly.add(text);
}
// English day and month names that German writes differently (April, August, September and November it writes the same).
const ENGLISH_DATES =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|May|June|July|October|December)\b/;

/** Every text a person sees or hears on the page: text lines, labels, titles, placeholders, the tab title. */
function textsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [aria-hidden="true"]')) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element instanceof HTMLElement) {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines, as a person reads them
        const line = element.innerText?.replace(/\s+/g, ' ').trim();
        if (line && line.length < 300) texts.add(line);
      }
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** Fails with every English text left on a page that should be all German. */
async function expectAllGerman(page: Page, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const texts = await textsOn(page);
  const left = texts.filter(
    (text) =>
      englishOnly.has(text) ||
      englishPatterns.some((pattern) => pattern.test(text)) ||
      ENGLISH_DATES.test(text),
  );
  expect(left, `English texts on ${name} in German`).toEqual([]);
}

/** The profile's language or theme, as the server keeps it. */
async function profileChoice(token: string, field: 'language' | 'theme'): Promise<string | null> {
  const profile = await callApi<{ language: string | null; theme: string | null }>(
    token,
    'GET',
    '/api/users/profile',
  );
  return profile[field];
}

async function waitForPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/loading|lädt|wird geladen/i)).toHaveCount(0);
}

test.describe.configure({ timeout: 240_000 });

test('a German browser gets every page in German; the language switches in the top bar and on the profile and follows the user', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();

  // First visit: the browser's language decides.
  for (const route of ['/login', '/terms', '/privacy', '/cookies', '/imprint', '/no-such-page']) {
    await page.goto(route);
    await waitForPage(page);
    await expectAllGerman(page, route);
  }

  // The top bar's switch: English at once, kept on this device.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sprache und Design' }).click();
  // The open panel: readable, reachable and within the screen at both widths.
  await checkPage(page, 'de-light-preferences-panel', page.getByRole('combobox', { name: 'Design' }));
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A user with something on every page: entries, a goal, a group with a request and an invite link.
  const { email, token } = await signedInNewUser(page, 'deutsch');
  for (const [daysAgo, count] of [
    [3, 800],
    [2, 434],
    [1, 40],
    [0, 25],
  ] as const) {
    await logPushupsViaApi(token, count, new Date(Date.now() - daysAgo * 86_400_000).toISOString(), 'UTC');
  }
  const group = await createGroupViaApi(token, `Kraft ${Date.now() % 100000}`, 'Jeden Tag ein Satz');
  await createInviteViaApi(token, group.id);
  const asker = await registeredUser('anfrage');
  await requestJoinViaApi(asker.token, group.id);

  // The profile's switch: German, kept in the profile too.
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Language and theme' }).getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => profileChoice(token, 'language')).toBe('de');

  // German light: the longer words fit every main page at both widths; axe reads the dashboard (the
  // pages' rules are the English pages' checks, accessibility.spec.ts).
  for (const route of [`/groups/${group.id}/join`, '/log-history', '/groups', '/', '/profile']) {
    await page.goto(route);
    await waitForPage(page);
    await expectAllGerman(page, route);
    if (route.endsWith('/join')) continue;
    // Numbers and plurals as German writes them.
    if (route === '/') await expect(page.getByText('1.299', { exact: false }).first()).toBeVisible();
    const name = `de-light-${route === '/' ? 'dashboard' : route.slice(1)}`;
    await checkPage(page, name, undefined, { axe: route === '/' ? 'phone' : 'none' });
  }
  // A dialog too: the sign-out question.
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAllGerman(page, 'the sign-out dialog');
  await page.keyboard.press('Escape');
  await context.close();

  // Another device with an English browser: the profile's language follows the user there.
  const elsewhere = await browser.newContext({ locale: 'en-US' });
  const other = await elsewhere.newPage();
  await signInWithStoredSession(other, email, PASSWORD);
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await elsewhere.close();
});

test('dark mode follows the device, can be chosen, is readable on every page and never flashes while a page loads', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  // System (the default) follows the device's dark setting.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await checkPage(page, 'en-dark-login');

  const { token } = await signedInNewUser(page, 'dunkel');
  await logPushupsViaApi(token, 30, new Date(Date.now() - 86_400_000).toISOString(), 'UTC');
  await logPushupsViaApi(token, 25, new Date().toISOString(), 'UTC');
  const group = await createGroupViaApi(token, `Night ${Date.now() % 100000}`);
  const asker = await registeredUser('nightowl');
  await requestJoinViaApi(asker.token, group.id);

  for (const route of ['/', '/log-history', '/groups', '/profile']) {
    await page.goto(route);
    await waitForPage(page);
    await checkPage(page, `en-dark-${route === '/' ? 'dashboard' : route.slice(1)}`);
  }

  // A dialog in the dark theme: the sign-out question.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await checkPage(page, 'en-dark-sign-out-dialog', page.getByRole('dialog'));
  await page.keyboard.press('Escape');

  // Light chosen on a dark device: kept, and already in place before the app's code runs.
  await page.getByRole('button', { name: 'Language and theme' }).click();
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  let releaseApp: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/index-.*\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto('/profile', { waitUntil: 'commit' });
  await page.waitForSelector('html[data-theme]', { state: 'attached' });
  // The stylesheet blocks the first paint: the colours are read once it applies, not in the moment
  // between the boot script and its arrival, when nothing has been painted yet.
  await page.waitForFunction(() => document.body !== null && document.styleSheets.length > 0);
  const beforeApp = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
    appStarted: document.getElementById('root')?.childElementCount ?? 0,
  }));
  expect(beforeApp).toEqual({ theme: 'light', background: 'rgb(251, 248, 245)', appStarted: 0 });
  releaseApp();
  await waitForPage(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Dark chosen again: the page turns dark, and the choice is in the profile for other devices.
  await page.getByRole('region', { name: 'Language and theme' }).getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => profileChoice(token, 'theme')).toBe('dark');
  await screenshotsForReview(page, 'en-dark-profile-chosen');
  await context.close();
});

test('under System, a page with nothing that reads the theme follows the device when it switches', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light', locale: 'en-US' });
  const page = await context.newPage();
  // Signed out, the sign-in page shows no chart and no theme control.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});

test('a language the browser only suggested is not stored in the profile; one chosen on the device is', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const settingsSent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/users/settings')) {
      settingsSent.push(request.postData() ?? '');
    }
  });
  const { email } = await signedInBeforeUsername(page, 'suggested');
  await chooseUsername(page, uniqueUsername('suggested'));
  await waitForPage(page);
  // The page is English, as the browser asks, but nobody chose it: the profile keeps none, so the
  // user's German phone is not switched to English by this laptop's guess.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const token = await tokenOf(email);
  expect(await profileChoice(token, 'language')).toBeNull();
  expect(settingsSent).toEqual([]);

  // Chosen on this device, the language goes into the profile.
  await page.getByRole('button', { name: 'Language and theme' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect.poll(() => profileChoice(token, 'language')).toBe('de');
  await context.close();
});
