import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E } from './env';

// Every page at phone and desktop width: no axe violations, and a screenshot for a human to look at.
export const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];
export const screenshotDir = path.join(E2E.repoRoot, '.tmp', 'screenshots');

/**
 * The year heatmap's grid of days. Its 371 cells, each named and with its own state, made each axe run
 * on a page with it three times as long (the dashboard 8.7 s against 2.6 s on a quiet machine), and a
 * page's checks outlasted their tests' time on a loaded one: tests/heatmap.spec.ts checks the grid
 * alone on both pages it is on, every other check leaves it out.
 */
const HEATMAP_GRID = 'table[role="grid"]';

/**
 * `ready` is what must be on screen first: the page's h1, or the dialog that hides the page.
 * `fullPage: false` shoots only the window (a dialog over a long page); `untilToastsLeave` waits for
 * toasts to go first, so that the screenshot and axe see the page itself; `heatmapGrid` has axe check
 * the year heatmap's grid alone instead of the page without it.
 */
export async function checkPage(
  page: Page,
  name: string,
  ready: Locator = page.getByRole('heading', { level: 1 }),
  {
    fullPage = true,
    untilToastsLeave = false,
    heatmapGrid = false,
  }: { fullPage?: boolean; untilToastsLeave?: boolean; heatmapGrid?: boolean } = {},
): Promise<void> {
  await expect(ready).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    if (untilToastsLeave) {
      await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0, { timeout: 8000 });
    }
    await animationsEnded(page);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${size.name}.png`), fullPage });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${size.width}px has no sideways scrolling`,
    ).toBeLessThanOrEqual(size.width);
    const violations = async () => {
      const axe = new AxeBuilder({ page });
      const results = await (heatmapGrid ? axe.include(HEATMAP_GRID) : axe.exclude(HEATMAP_GRID)).analyze();
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
