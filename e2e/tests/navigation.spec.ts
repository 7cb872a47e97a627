import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { checkPage, screenshotDir, screenshotForReview, WIDTHS } from '../support/a11y';
import { idTokenFor } from '../support/api';
import { emulatorPost } from '../support/emulator';
import { signedInNewUser, signInThroughUi } from '../support/pages';
import { PASSWORD } from '../support/users';

test('signed-out visitors are sent to /login; legal pages stay public', async ({ page }) => {
  for (const path of ['/', '/profile', '/log-history', '/groups']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  for (const [path, title] of [
    ['/terms', /Terms/],
    ['/privacy', /Privacy/],
    ['/cookies', /Cookie/],
    ['/imprint', /Imprint/],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

test('signed-in users are sent away from /login and reach every page of the chrome', async ({ page }) => {
  await signedInNewUser(page, 'navigator');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Log History' }).click();
  await expect(page).toHaveURL(/\/log-history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log History');
  await nav.getByRole('link', { name: 'Group Management' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Group Management');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the cookie-consent choice is stored and survives a reload', async ({ page }) => {
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Learn more' }).click();
  await expect(banner.getByText(/keeps you logged in/i)).toBeVisible();
  await banner.getByRole('button', { name: 'Show less' }).click();
  await banner.getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(banner).toBeHidden();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
  expect(stored).toEqual({
    essentialCookies: true,
    analyticalCookies: true,
    marketingCookies: true,
    functionalCookies: true,
    hasConsented: true,
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'We value your privacy' })).toHaveCount(0);
});

test('on a phone the mobile menu navigates, and sign-out asks first, then lands on /login', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInNewUser(page, 'mobile');

  await expect(page.getByRole('button', { name: 'User menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Group Management' }).click();
  await expect(page).toHaveURL(/\/groups$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await checkPage(page, 'sign-out-dialog', dialog, { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/groups$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out for real: a protected page sends the visitor back to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session revoked elsewhere (the password changed) ends at the next call, and signing in again returns to the page', async ({
  page,
}) => {
  const { email } = await signedInNewUser(page, 'revoked');
  const call = page.waitForRequest(
    (request) => request.url().includes('/api/') && !!request.headers().authorization,
  );
  // Until the network is idle: every call of the page's first render has been answered, so the next
  // call after the password change is the one the click below makes.
  await page.goto('/log-history', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log History');

  // Local mode takes a token signed in up to a second before the account's valid-after time as the
  // emulator's own sign-up token (decision 015): the password changes once this session's sign-in
  // (its token's auth_time, in seconds) is more than a second older than the change.
  const signedInAt = authTimeOf((await call).headers().authorization as string);
  await expect
    .poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000 })
    .toBeGreaterThanOrEqual(signedInAt + 2);
  const newPassword = 'changed-elsewhere-7';
  await emulatorPost('accounts:update', {
    idToken: await idTokenFor(email, PASSWORD),
    password: newPassword,
  });

  // The page still holds its unexpired token (a reload would have the SDK look the account up and
  // sign out by itself). The next call's answer, "revoked", signs the app out.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Group Management' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Group Management');
});

/** The sign-in time (seconds since the epoch) of the ID token in an `Authorization: Bearer` header. */
function authTimeOf(authorization: string): number {
  const payload = authorization.replace(/^Bearer /, '').split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { auth_time: number }).auth_time;
}

/**
 * The page as a server with other settings would send it: window.INSTANCE_SETTINGS rewritten (and
 * the Content-Security-Policy, which pins the inline script's hash, left off). The server's own
 * writing of these settings is covered in apps/server/test/web.test.ts.
 */
async function withInstanceSettings(page: Page, settings: object): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /window\.INSTANCE_SETTINGS = .*?;<\/script>/,
        () => `window.INSTANCE_SETTINGS = ${JSON.stringify(settings)};</script>`,
      );
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, body, headers });
    },
  );
}

test('the 404 page centres its heading with the rest of the page', async ({ page }) => {
  await page.goto('/no-such-page');
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const heading = page.getByRole('heading', { level: 1, name: 'Page not found' });
    await expect(heading).toBeVisible();
    // The centre of the heading's text, not of its box: a left-aligned text in a wide box is off-centre.
    const textCentre = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const box = range.getBoundingClientRect();
      return box.left + box.width / 2;
    });
    const link = await page.getByRole('link', { name: 'Back to the dashboard' }).boundingBox();
    expect(link).not.toBeNull();
    expect(Math.abs(textCentre - ((link?.x ?? 0) + (link?.width ?? 0) / 2)), `${size.width}px`).toBeLessThan(
      2,
    );
    await screenshotForReview(page, path.join(screenshotDir, `not-found-${size.name}.png`));
  }
});

test('the terms say invite-only only on an invite-only instance', async ({ page }) => {
  // The suite's server runs with INVITE_ONLY=true.
  await page.goto('/terms');
  await expect(page.getByText('The platform is invite-only')).toBeVisible();
  await expect(page.getByText(/no invitation is needed/)).toHaveCount(0);

  await withInstanceSettings(page, { inviteOnly: false, operator: NO_OPERATOR });
  await page.goto('/terms');
  await expect(
    page.getByText('Anyone can create an account on this instance; no invitation is needed.'),
  ).toBeVisible();
  await expect(page.getByText(/invite-only/)).toHaveCount(0);
});

const NO_OPERATOR = { name: null, address: [], email: null, phone: null, responsiblePerson: null };

test('the imprint shows the operator’s details from the settings, or says they were not provided, never a placeholder', async ({
  page,
}) => {
  // The suite's server sets no OPERATOR_* settings.
  await page.goto('/imprint');
  const main = page.getByRole('main');
  await expect(
    main.getByText('The operator of this instance has not provided their name and contact details.'),
  ).toBeVisible();
  await expect(
    main.getByText('The operator of this instance has not named a person responsible for the content.'),
  ).toBeVisible();
  await expect(main).not.toContainText('[');
  await expect(main).not.toContainText('operator@pushup-tracker.local');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshotForReview(page, path.join(screenshotDir, 'imprint-unset-phone.png'), { fullPage: true });

  await withInstanceSettings(page, {
    inviteOnly: true,
    operator: {
      name: 'Jane Doe Fitness',
      address: ['Main Street 1', '12345 Springfield', 'Germany'],
      email: 'jane@example.com',
      phone: '+49 30 123456',
      responsiblePerson: 'Jane Doe',
    },
  });
  await page.goto('/imprint');
  const operator = main.locator('address');
  await expect(operator).toContainText('Jane Doe Fitness');
  await expect(operator).toContainText('Main Street 1');
  await expect(operator).toContainText('12345 Springfield');
  await expect(operator.getByRole('link', { name: 'jane@example.com' })).toHaveAttribute(
    'href',
    'mailto:jane@example.com',
  );
  await expect(operator).toContainText('Phone: +49 30 123456');
  await expect(main.getByText('Jane Doe', { exact: true })).toBeVisible();
  await expect(main.getByText(/has not provided|has not named/)).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshotForReview(page, path.join(screenshotDir, 'imprint-set-desktop.png'), { fullPage: true });
});

test('the cookie banner’s description says what each of its buttons does', async ({ page }) => {
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  const description = banner.locator('p').first();
  await expect(description).toContainText('“Accept All Cookies” also allows optional cookies');
  await expect(description).toContainText('“Accept Essential Only” keeps them off');
  await expect(banner.getByRole('button', { name: 'Accept All Cookies' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept Essential Only' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshotForReview(page, path.join(screenshotDir, 'cookie-banner-phone.png'));
});

test('a table wider than a phone says that it scrolls sideways, until its end is reached', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/cookies');
  const region = page.getByRole('region', { name: 'Cookies and storage entries' });
  const hint = page.getByText('Scroll sideways for more');
  const rightFade = region.locator('xpath=..').locator('[data-edge="right"]');
  await expect(hint).toBeVisible();
  await expect(rightFade).toHaveCSS('opacity', '1');
  await screenshotForReview(page, path.join(screenshotDir, 'cookies-table-phone.png'), { fullPage: true });
  await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(hint).toBeHidden();
  await expect(rightFade).toHaveCSS('opacity', '0');
  await expect(region.locator('xpath=..').locator('[data-edge="left"]')).toHaveCSS('opacity', '1');

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(hint).toBeHidden();
});
