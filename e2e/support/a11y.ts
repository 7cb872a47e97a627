import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E } from './env';

// The two widths every page is built for: a phone's and a desktop's.
export const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];
export const screenshotDir = path.join(E2E.repoRoot, '.tmp', 'screenshots');

/**
 * Pictures for a person to look at: nothing compares them, so they are taken only when asked for
 * (E2E_SCREENSHOTS=1, into .tmp/screenshots). A failed test keeps its own (playwright.config.ts).
 */
export const REVIEW_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A picture of the page or of one part of it for review (REVIEW_SCREENSHOTS), at `file`. */
export async function screenshotForReview(
  target: Page | Locator,
  file: string,
  options: Parameters<Page['screenshot']>[0] = {},
): Promise<void> {
  if (!REVIEW_SCREENSHOTS) return;
  await target.screenshot({
    ...options,
    path: path.isAbsolute(file) ? file : path.join(screenshotDir, file),
  });
}

/**
 * Review pictures of the page, or of `target` on it, at each width (REVIEW_SCREENSHOTS), as
 * `<name>-phone.png` and `<name>-desktop.png`. Either way the page is left at the desktop's width.
 */
export async function screenshotsForReview(
  page: Page,
  name: string,
  target: Page | Locator = page,
  options: Parameters<Page['screenshot']>[0] = {},
): Promise<void> {
  for (const size of REVIEW_SCREENSHOTS ? WIDTHS : WIDTHS.slice(-1)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await screenshotForReview(target, `${name}-${size.name}.png`, options);
  }
}

/**
 * The year heatmap's grid of days. Its 371 cells, each named and with its own state, made each axe run
 * on a page with it three times as long (the dashboard 8.7 s against 2.6 s on a quiet machine), and a
 * page's checks outlasted their tests' time on a loaded one: tests/heatmap.spec.ts checks the grid
 * alone on both pages it is on, every other check leaves it out.
 */
const HEATMAP_GRID = 'table[role="grid"]';

/** The full tier (`npm run test:full`, docs/testing.md, "Tiers"): axe at every width and in both themes. */
const FULL_TIER = process.env.TEST_TIER === 'full';

/** Where axe looks: at the phone's width, at both, or nowhere (a state whose rules another check holds). */
type AxeWidths = 'phone' | 'both' | 'none';

/** The axe rules whose outcome the theme decides. */
const DARK_THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Checks a page state as both kinds of visitor see it: at each width it must not scroll sideways,
 * and axe must find nothing. Axe looks at the phone's width, where most people use the app; `axe:
 * 'both'` has it look at the desktop's too, for a page whose parts differ by width (the top bar's
 * menu, a layout that changes); `axe: 'none'` checks the widths alone, for a page state whose rules
 * another check holds (the same page in another language); the full tier has it look at both widths in the light and the dark
 * theme, as the page would show them under the device's setting. `ready` is what must be on screen
 * first: the page's h1, or the dialog that hides the page. `fullPage: false` takes only the window
 * into the review picture (a dialog over a long page); `untilToastsLeave` waits for toasts to go
 * first, so that axe sees the page itself; `heatmapGrid` has axe check the year heatmap's grid alone
 * instead of the page without it.
 */
export async function checkPage(
  page: Page,
  name: string,
  ready: Locator = page.getByRole('heading', { level: 1 }),
  {
    axe = 'phone',
    fullPage = true,
    untilToastsLeave = false,
    heatmapGrid = false,
  }: { axe?: AxeWidths; fullPage?: boolean; untilToastsLeave?: boolean; heatmapGrid?: boolean } = {},
): Promise<void> {
  await expect(ready).toBeVisible();
  if (!FULL_TIER) return checkAtWidths(page, name, axe, { fullPage, untilToastsLeave, heatmapGrid });
  const dark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await checkAtWidths(page, `${name}-${colorScheme}`, 'both', { fullPage, untilToastsLeave, heatmapGrid });
  }
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
}

async function checkAtWidths(
  page: Page,
  name: string,
  axe: AxeWidths,
  {
    fullPage,
    untilToastsLeave,
    heatmapGrid,
  }: { fullPage: boolean; untilToastsLeave: boolean; heatmapGrid: boolean },
): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Polled: charts take the new width a frame or two after the window does.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} at ${size.width}px has no sideways scrolling`,
      })
      .toBeLessThanOrEqual(size.width);
    const axeHere = axe === 'both' || (axe === 'phone' && size.name === 'phone');
    if (!axeHere && !REVIEW_SCREENSHOTS) continue;
    if (untilToastsLeave) {
      await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0, { timeout: 8000 });
    }
    await animationsEnded(page);
    await screenshotForReview(page, `${name}-${size.name}.png`, { fullPage });
    if (!axeHere) continue;
    // In the dark theme only the colours differ from the light one, which every page state is checked
    // in too: there axe checks what colours decide (contrast, links told apart from text), and all of
    // its rules in the full tier.
    const colorsOnly =
      !FULL_TIER && (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark';
    const violations = async () => {
      // Legacy mode runs axe in the page itself. The default runs it frame by frame and then joins
      // the results in a new blank page of the browser, a second page and a second injection of axe
      // every time: 1.8 to 2.5 s against 1.0 to 1.3 s per check here, with the same results (the app
      // has no frames of another origin, which only the default reaches).
      const builder = new AxeBuilder({ page }).setLegacyMode(true);
      if (colorsOnly) builder.withRules(DARK_THEME_RULES);
      const results = await (heatmapGrid
        ? builder.include(HEATMAP_GRID)
        : builder.exclude(HEATMAP_GRID)
      ).analyze();
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    let found = await violations();
    // A toast that began to slide in after the wait above (a sync's or an achievement's) is read at
    // part of its contrast: once its animation has ended, axe looks again, and what it finds stands.
    if (found.length > 0) {
      await animationsEnded(page);
      found = await violations();
    }
    expect(found, `${name} at ${size.width}px`).toEqual([]);
  }
}

/**
 * Until the page is still: every animation that ends has ended, and the window has not scrolled for
 * three frames (a smooth scroll is no animation the page lists).
 */
export async function settled(page: Page): Promise<void> {
  await animationsEnded(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const look = () => {
          const now = `${window.scrollX},${window.scrollY}`;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

/**
 * Until every animation that ends (not a spinner's) has ended: a toast sliding in shows its text at
 * part of its contrast, which axe reports.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}
