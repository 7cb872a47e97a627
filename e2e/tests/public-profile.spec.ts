import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkPage, REVIEW_SCREENSHOTS, settled, WIDTHS } from '../support/a11y';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { dismissConsent, signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// The public profile (docs/product.md, "Public profile"): off by default; turned on with two parts,
// /u/<username> shows a signed-out visitor those two and nothing else; turned off, the not-found
// page. Screenshots for a person to look at go to SHOTS (the section and the page, both widths, both
// themes).
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const SHOTS = process.env.PUBLIC_PROFILE_SHOTS ?? '/tmp/shots-p';
const card = (page: Page) => page.getByRole('region', { name: 'Public profile' });

/** Waits until a saved change is in (the switches are disabled while one is on its way). */
async function setChoice(page: Page, name: string, on: boolean) {
  const box = card(page).getByRole(name === 'Make my profile public' ? 'switch' : 'checkbox', { name });
  await expect(box).toBeEnabled();
  await box.click();
  await expect(box).toBeChecked({ checked: on });
  await expect(box).toBeEnabled();
}

/** A signed-out visitor in a fresh browser context, in the given theme. */
async function visitor(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    colorScheme,
    timezoneId: 'UTC',
    locale: 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, name: string, target?: ReturnType<typeof card>) {
  if (!REVIEW_SCREENSHOTS) {
    await page.setViewportSize(WIDTHS[WIDTHS.length - 1] as (typeof WIDTHS)[number]);
    return;
  }
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The layout settles at the new width (the heatmap scrolls to today) before the picture.
    await settled(page);
    const path = `${SHOTS}/${name}-${size.width}x${size.height}.png`;
    // The sticky top bar would cover the card's top in a picture of the card alone.
    const style = 'header { position: static !important; }';
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path, style });
    } else {
      await page.screenshot({ path, fullPage: true });
    }
  }
}

test('shows a signed-out visitor only the two parts chosen, and the not-found page once turned off', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, username } = await signedInNewUser(page, 'public');
  const token = await idTokenFor(email, PASSWORD);
  await logPushupsViaApi(token, 30, new Date(Date.now() - 60_000).toISOString(), 'UTC');

  // Off by default: the preview says the address shows 'Page not found'.
  await page.goto('/profile');
  await expect(card(page).getByRole('switch', { name: 'Make my profile public' })).not.toBeChecked();
  await expect(card(page).getByText(/Your profile is private/)).toBeVisible();

  await setChoice(page, 'Totals', true);
  await setChoice(page, 'Year heatmap', true);
  await setChoice(page, 'Make my profile public', true);
  const address = card(page).getByLabel('Your public address');
  await expect(address).toHaveValue(new RegExp(`/u/${username}$`));
  await expect(card(page).getByRole('button', { name: 'Copy' })).toBeVisible();
  const preview = card(page).getByTestId('public-profile-preview');
  await expect(preview.getByRole('heading', { name: 'Totals' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Year heatmap' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Streak' })).toHaveCount(0);
  await expect(preview.getByRole('grid', { name: 'Pushups per day in the last 12 months' })).toBeVisible();
  await checkPage(page, 'public-profile-section-light', card(page), { untilToastsLeave: true });
  await shoot(page, 'profile-section-light', card(page));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await checkPage(page, 'public-profile-section-dark', card(page), { untilToastsLeave: true });
  await shoot(page, 'profile-section-dark', card(page));

  for (const theme of ['light', 'dark'] as const) {
    const { context, page: other } = await visitor(browser, theme);
    await other.goto(`/u/${username}`);
    await expect(other.getByRole('heading', { level: 1, name: username })).toBeVisible();
    await dismissConsent(other);
    await expect(other.getByRole('heading', { name: 'Totals' })).toBeVisible();
    await expect(other.getByText('30', { exact: true })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Year heatmap' })).toBeVisible();
    for (const hidden of ['Streak', 'Records', 'Achievements']) {
      await expect(other.getByRole('heading', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(other.getByText(email, { exact: false })).toHaveCount(0);
    // Read-only: a day opens nothing (no Log History for others).
    const todayCell = other.getByRole('grid').locator('[aria-current="date"]');
    await todayCell.click();
    await expect(other).toHaveURL(new RegExp(`/u/${username}$`));
    await checkPage(other, `public-profile-page-${theme}`);
    await shoot(other, `public-page-${theme}`);
    await context.close();
  }

  // Turned off: the address is the not-found page, as for a name no one holds.
  await page.emulateMedia({ colorScheme: 'light' });
  await setChoice(page, 'Make my profile public', false);
  const { context, page: other } = await visitor(browser, 'light');
  await other.goto(`/u/${username}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(other.getByText(username)).toHaveCount(0);
  await other.goto('/u/no_one_has_this_name');
  await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await context.close();
});
