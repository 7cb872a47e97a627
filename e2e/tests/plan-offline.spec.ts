import { expect, test } from '@playwright/test';
import { callApi, idTokenFor } from '../support/api';
import { serviceWorkerReady } from '../support/offline';
import { signedInNewUser } from '../support/pages';
import { planViaApi, startPlanViaApi, today } from '../support/plans';
import { PASSWORD } from '../support/users';

// A workout finished offline (docs/product.md, "Training plans: screens" and "Offline"): kept on the
// device, counted at once, and sent exactly once when the connection returns.

// The worker's precache holds the app's code, as on a phone (the config blocks workers elsewhere).
test.use({ serviceWorkers: 'allow', timezoneId: 'UTC', locale: 'en-US' });
test.slow();

test('a workout done offline counts at once and reaches the server exactly once', async ({
  page,
  context,
}) => {
  const { email } = await signedInNewUser(page, 'poffline');
  const token = await idTokenFor(email, PASSWORD);
  // The custom plan: two sets of 5 with the shortest rest.
  await startPlanViaApi(token, { planId: 'custom', custom: { sets: 2, reps: 5, restSeconds: 10 } });
  await page.reload();
  await expect(page.getByText('Today: Week 1, day 1 · 2 sets, 10 pushups')).toBeVisible();
  // Opened while online: the page's code and the plan are on the device.
  await page.getByRole('link', { name: 'Start', exact: true }).click();
  await page.getByRole('button', { name: 'Start workout' }).click();
  // The app's code on the device, in the worker's precache: without it, a part of the app not loaded
  // yet cannot load offline and the page falls to the browser's offline page.
  await serviceWorkerReady(page);

  await context.setOffline(true);
  try {
    const target = page.getByRole('button', { name: 'Count a pushup' });
    for (let i = 0; i < 5; i++) await target.click();
    await page.getByRole('button', { name: 'Done, rest' }).click();
    await page.getByRole('button', { name: 'Skip rest' }).click();
    for (let i = 0; i < 6; i++) await target.click();
    await page.getByRole('button', { name: 'Done, finish workout' }).click();

    const summary = page.getByRole('region', { name: 'Workout done' });
    await expect(summary.getByText('11 pushups')).toBeVisible();
    await expect(
      summary.getByText(/Saved on this device\. It will be sent when you are back online/),
    ).toBeVisible();
    // The plan moves on by the same rules on the device.
    await expect(summary.getByText('Every target met: on to the next day.')).toBeVisible();
    // Today's total counts it at once, like an entry logged offline.
    await summary.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('11 pushups today')).toBeVisible();
    expect(await callApi<unknown[]>(token, 'GET', `/api/pushups?from=${today()}&to=${today()}`)).toEqual([]);
  } finally {
    await context.setOffline(false);
  }

  // Back online: sent once, as the workout, under the entry's id.
  await expect
    .poll(
      async () =>
        (await callApi<unknown[]>(token, 'GET', `/api/pushups?from=${today()}&to=${today()}`)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByText('11 pushups today')).toBeVisible();
  await expect(page.getByText('Today’s workout is done.')).toBeVisible();
  const entries = await callApi<{ uuid: string; count: number; sets?: number[] }[]>(
    token,
    'GET',
    `/api/pushups?from=${today()}&to=${today()}`,
  );
  expect(entries.map((entry) => [entry.count, entry.sets])).toEqual([[11, [5, 6]]]);
  const state = await planViaApi(token);
  expect(state.plan?.progress.position).toBe(1);
  expect(state.plan?.doneToday.map((workout) => workout.id)).toEqual([entries[0]?.uuid]);
});
