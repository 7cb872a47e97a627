import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { callApi, idTokenFor } from '../support/api';
import { signedInNewUser } from '../support/pages';
import {
  planViaApi,
  recordWakeLocks,
  shootBothThemes,
  startPlanViaApi,
  today,
  trainUntilRetest,
  wakeLockRequests,
} from '../support/plans';
import { PASSWORD } from '../support/users';

// The guided workout (docs/product.md, "Training plans: screens"): sets, the rest timer on
// Playwright's clock, the summary, and what the plan does with it.

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.slow();

/** Counts `reps` on the large target and presses Done. */
async function doSet(page: Page, reps: number) {
  const target = page.getByRole('button', { name: 'Count a pushup' });
  for (let i = 0; i < reps; i++) await target.click();
  await expect(page.getByRole('status').filter({ hasText: 'done' })).toHaveText(`${reps} done`);
  await page.getByRole('button', { name: /^Done/ }).click();
}

const timer = (page: Page) => page.getByRole('timer', { name: 'Rest left' });

test('a workout with a missed target: the rest timer runs on its end time, the day comes again, and the sets are kept', async ({
  page,
}) => {
  await recordWakeLocks(page);
  await page.clock.install();
  const { email } = await signedInNewUser(page, 'pwork');
  const token = await idTokenFor(email, PASSWORD);
  // The hundred plan's first day at level 1: 2, 3, 2, 2 and at least 3, a minute of rest between.
  await startPlanViaApi(token);
  await page.reload();

  // The dashboard's hero names today's session and starts it.
  await expect(page.getByText('Today: Week 1, day 1 · 5 sets, 12 pushups')).toBeVisible();
  await shootBothThemes(page, 'hero');
  await page.getByRole('link', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workout' })).toBeVisible();
  // Under /plan, so the navigation marks Plan as the page the person is on (hidden on a phone).
  const nav = page.getByRole('navigation', { name: 'Main', includeHidden: true });
  await expect(nav.getByRole('link', { name: 'Plan', includeHidden: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await checkPage(page, 'plan-workout-start');
  await page.getByRole('button', { name: 'Start workout' }).click();

  await expect(page.getByRole('heading', { name: 'Set 1 of 5' })).toBeVisible();
  await expect(page.getByText('Target: 2')).toBeVisible();
  expect(await wakeLockRequests(page)).toContain('screen');
  await shootBothThemes(page, 'set');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await checkPage(page, `plan-set-${colorScheme}`, page.getByRole('heading', { name: 'Set 1 of 5' }));
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(Date.now() + 2_000);
  await doSet(page, 2);
  await expect(timer(page)).toHaveText('1:00');
  await expect(page.getByText('Next: Set 2 of 5 · Target: 3')).toBeVisible();
  await shootBothThemes(page, 'rest');
  // Half a minute in the background: the first look after it reads the time left from the end.
  await page.clock.fastForward(30_000);
  await expect(timer(page)).toHaveText('0:30');
  await page.getByRole('button', { name: '+30 s' }).click();
  await expect(timer(page)).toHaveText('1:00');
  await page.clock.fastForward(60_500);
  await expect(page.getByRole('heading', { name: 'Set 2 of 5' })).toBeVisible();
  // The end is announced once, not every second.
  await expect(page.getByText('Rest over. Set 2 of 5.')).toBeAttached();

  await doSet(page, 3);
  // axe waits on the page's timers: the clock runs on its own while it checks this rest.
  await page.clock.resume();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await checkPage(page, `plan-rest-${colorScheme}`, timer(page));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Skip rest' }).click();
  await doSet(page, 2);
  await page.getByRole('button', { name: 'Skip rest' }).click();
  // One short of the fourth set's target.
  await doSet(page, 1);
  await page.getByRole('button', { name: 'Skip rest' }).click();
  await expect(page.getByRole('heading', { name: 'Set 5 of 5' })).toBeVisible();
  await expect(page.getByText('As many as you can, at least 3')).toBeVisible();
  await doSet(page, 4);

  const summary = page.getByRole('region', { name: 'Workout done' });
  await expect(summary.getByText('12 pushups', { exact: true })).toBeVisible();
  // The header row, then a row a set: the fourth says it missed its target, in words.
  await expect(summary.getByRole('row').nth(4)).toContainText('missed');
  await expect(summary.getByText('missed', { exact: true })).toHaveCount(1);
  await expect(summary.getByText('A target was missed, so this day comes again.')).toBeVisible();
  await expect(summary.getByText('Next: Week 1, day 1 · 5 sets, 12 pushups')).toBeVisible();
  await shootBothThemes(page, 'summary');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await checkPage(page, `plan-summary-${colorScheme}`, summary, { untilToastsLeave: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The server kept the workout once, as one entry of its total, and the plan stays on the day.
  const state = await planViaApi(token);
  expect(state.plan?.progress.position).toBe(0);
  expect(state.plan?.progress.lastOutcome?.kind).toBe('repeat-day');
  expect(state.plan?.doneToday.map((workout) => workout.sets)).toEqual([[2, 3, 2, 1, 4]]);
  const entries = await callApi<{ count: number; sets?: number[] }[]>(
    token,
    'GET',
    `/api/pushups?from=${today()}&to=${today()}`,
  );
  expect(entries.map((entry) => [entry.count, entry.sets])).toEqual([[12, [2, 3, 2, 1, 4]]]);

  // Log History shows the entry's sets; the dashboard says today's workout is done.
  await page.getByRole('link', { name: 'Log History' }).first().click();
  await expect(page.getByText('2 · 3 · 2 · 1 · 4')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByText('Today’s workout is done.')).toBeVisible();
  await expect(page.getByText('12 pushups today')).toBeVisible();
  // The plan's line in the hero leaves logging within a phone's first screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const submit = page.getByRole('button', { name: 'Submit Pushups' });
  await expect(submit).toBeVisible();
  const box = await submit.boundingBox();
  expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
  await shootBothThemes(page, 'hero-done');
});

test('a retest that passes moves the plan on to the next week', async ({ page }) => {
  const { email } = await signedInNewUser(page, 'pretest');
  const token = await idTokenFor(email, PASSWORD);
  await startPlanViaApi(token);
  // Weeks 1 and 2 done on another device, every target met: the retest is next.
  const before = await trainUntilRetest(token);
  expect(before.plan?.next).toMatchObject({ week: 2, kind: 'retest', sets: [{ reps: 12, atLeast: true }] });

  await page.goto('/plan');
  await expect(page.getByText(/^Next: Week 2: retest/)).toBeVisible();
  await page.getByRole('link', { name: /Start workout|Train anyway/ }).click();
  await page.getByRole('button', { name: /Start/ }).click();
  await expect(page.getByRole('heading', { name: 'Set 1 of 1' })).toBeVisible();
  await expect(page.getByText('As many as you can, at least 12')).toBeVisible();
  await doSet(page, 14);

  const summary = page.getByRole('region', { name: 'Workout done' });
  await expect(summary.getByText('Retest passed: you move on.')).toBeVisible();
  await expect(summary.getByText(/^Next: Week 3, day 1 · 5 sets/)).toBeVisible();
  const after = await planViaApi(token);
  expect(after.plan?.progress.lastOutcome?.kind).toBe('moved-on');
  expect(after.plan?.next).toMatchObject({ week: 3, day: 1, kind: 'training' });
  await page.getByRole('link', { name: 'Your plan' }).click();
  await expect(page.getByText('Retest passed: you move on.')).toBeVisible();
});
