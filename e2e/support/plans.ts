import { expect, type Page } from '@playwright/test';
import type { PlanState, StartPlanBody } from '@pushup/shared';
import { animationsEnded, REVIEW_SCREENSHOTS, screenshotForReview } from './a11y';
import { callApi } from './api';

/**
 * Helpers of the training plan tests (docs/product.md, "Training plans"): a plan prepared through
 * the API as another device would, the Wake Lock recorded, and screenshots in both themes.
 */

/** Every weekday: each test's today is a training day. */
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** PUT /api/plan: the hundred plan at `level` from today, training every day, unless `body` says otherwise. */
export function startPlanViaApi(token: string, body: Partial<StartPlanBody> = {}): Promise<PlanState> {
  return callApi<PlanState>(token, 'PUT', '/api/plan', {
    planId: 'hundred',
    level: 1,
    startDay: today(),
    weekdays: [...EVERY_DAY],
    ...body,
  });
}

export function planViaApi(token: string): Promise<PlanState> {
  return callApi<PlanState>(token, 'GET', '/api/plan');
}

/** Does the plan's sessions through the API, each target met, until its next session is a retest. */
export async function trainUntilRetest(token: string): Promise<PlanState> {
  for (;;) {
    const state = await planViaApi(token);
    const next = state.plan?.next;
    if (!next) throw new Error('the plan has no next session');
    if (next.kind === 'retest') return state;
    await callApi(token, 'POST', '/api/workouts', {
      id: crypto.randomUUID(),
      session: next.index,
      sets: next.sets.map((set) => set.reps),
    });
  }
}

/** Makes navigator.wakeLock record each request (the browser's own needs a permission a test cannot give). */
export async function recordWakeLocks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const requests: string[] = [];
    Object.assign(window, { wakeLockRequests: requests });
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async (type: string) => {
          requests.push(type);
          return {
            released: false,
            type,
            release: async () => {},
            addEventListener: () => {},
            removeEventListener: () => {},
          };
        },
      },
    });
  });
}

export function wakeLockRequests(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { wakeLockRequests: string[] }).wakeLockRequests);
}

/** The window at 375 x 812 and 1440 x 900 in the light and dark themes, for a person to look at. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  if (!REVIEW_SCREENSHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    return;
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    for (const size of [
      { width: 375, height: 812 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      // The colours' transitions into the theme have ended.
      await animationsEnded(page);
      await screenshotForReview(page, `plan-${name}-${colorScheme}-${size.width}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
}
