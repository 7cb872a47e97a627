import { expect, type Page, test } from '@playwright/test';
import { addDays, type ReminderSettings } from '@pushup/shared';
import { type PushService, type Subscription, startPushService } from '../../apps/server/test/push-service';
import { checkPage } from '../support/a11y';
import { callApi, idTokenFor, logPushupsViaApi } from '../support/api';
import { E2E } from '../support/env';
import { serviceWorkerReady } from '../support/offline';
import { signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// Daily reminders (docs/product.md, "Reminders"): the settings on the profile, this
// browser as a device, a test send that a real push service on loopback (web-push-testing)
// receives, and the service worker showing a pushed reminder. The worker must register here.
test.use({ serviceWorkers: 'allow', timezoneId: 'UTC', locale: 'en-US', permissions: ['notifications'] });

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Chromium here reaches no real push service (it would be Google's), so its PushManager hands out
 * a subscription of the local test service instead: the only part of the browser stood in for.
 */
async function subscribeThroughTestService(page: Page, subscription: Subscription) {
  await page.addInitScript(
    (json) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async () => {
        current = {
          endpoint: json.endpoint,
          toJSON: () => json,
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
    },
    { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null },
  );
}

test('the reminder is set on the profile, this device subscribed, and a test reminder arrives with the streak', async ({
  page,
}) => {
  const { email } = await signedInNewUser(page, 'remind');
  const token = await idTokenFor(email, PASSWORD);
  // Yesterday's push-ups: a 1-day streak that today would keep.
  await logPushupsViaApi(token, 25, `${addDays(today(), -1)}T12:00:00.000Z`, 'UTC');
  const { vapidPublicKey } = await callApi<ReminderSettings>(token, 'GET', '/api/reminders');
  expect(vapidPublicKey).toEqual(expect.any(String));
  const subscription = await push.subscribe(vapidPublicKey as string);
  await subscribeThroughTestService(page, subscription);
  // Twelve hours away: no scheduled reminder is due while the test runs.
  const time = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:30`;

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Daily reminder' });
  await expect(card).toContainText('This device does not receive reminders. No device receives them yet.');
  await expect(card.getByRole('button', { name: 'Send a test reminder' })).toBeDisabled();
  await card.getByLabel('Remind me when I have not logged yet').check();
  await card.getByLabel('At', { exact: true }).fill(time);
  for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await card.getByRole('button', { name: day, exact: true }).click();
  }
  await card.getByRole('button', { name: 'Save reminder' }).click();
  await expect(card.getByRole('alert')).toHaveText('Pick at least one day for the reminder.');

  // Weekdays only, by keyboard.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await card.getByRole('button', { name: day, exact: true }).focus();
    await page.keyboard.press('Enter');
  }
  await card.getByRole('button', { name: 'Save reminder' }).click();
  await expect(page.getByText(`Reminder set for ${time}`)).toBeVisible();
  await expect(card).toContainText('This device receives reminders. They go to 1 device.');
  expect(await callApi<ReminderSettings>(token, 'GET', '/api/reminders')).toMatchObject({
    enabled: true,
    time,
    weekdays: [1, 2, 3, 4, 5],
    timeZone: 'UTC',
    devices: 1,
  });

  await page.reload();
  await expect(card.getByLabel('Remind me when I have not logged yet')).toBeChecked();
  await expect(card.getByLabel('At', { exact: true })).toHaveValue(time);
  await expect(card.getByRole('button', { name: 'Sunday', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(card.getByRole('button', { name: 'Monday', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('button', { name: 'Send a test reminder' }).click();
  await expect(page.getByText('Test reminder sent')).toBeVisible();
  await expect
    .poll(() => push.received(subscription))
    .toEqual([
      JSON.stringify({
        title: 'Pushup Tracker',
        body: 'Time for your push-ups: 1-day streak',
        url: '/',
        tag: 'daily-reminder',
      }),
    ]);

  await page.getByRole('button', { name: 'Stop reminding this device' }).click();
  await expect(card).toContainText('This device does not receive reminders. No device receives them yet.');
  expect((await callApi<ReminderSettings>(token, 'GET', '/api/reminders')).devices).toBe(0);
});

test('the service worker shows a pushed reminder as a notification', async ({ page, context }) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  const session = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(E2E.baseUrl));
      if (ours) resolve(ours.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  const payload = {
    title: 'Pushup Tracker',
    body: 'Time for your push-ups: 12-day streak',
    url: '/',
    tag: 'daily-reminder',
  };
  await session.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(E2E.baseUrl).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Pushup Tracker', body: payload.body, tag: 'daily-reminder', data: { url: '/' } }]);

  // A push it cannot read still reminds, with the plain text; the same tag replaces the first.
  await session.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(E2E.baseUrl).origin,
    registrationId: await registrationId,
    data: 'not json',
  });
  await expect
    .poll(shown)
    .toEqual([
      { title: 'Pushup Tracker', body: 'Time for your push-ups', tag: 'daily-reminder', data: { url: '/' } },
    ]);
});

test('while the reminder is off its chosen days do not look switched on', async ({ page }) => {
  await signedInNewUser(page, 'remoff');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Daily reminder' });
  const monday = card.getByRole('button', { name: 'Monday', exact: true });
  // Off, every day chosen (the default): the days are kept, in the quiet colours of a choice at rest.
  await expect(card.getByLabel('Remind me when I have not logged yet')).not.toBeChecked();
  await expect(monday).toHaveAttribute('aria-pressed', 'true');
  const background = () => monday.evaluate((element) => getComputedStyle(element).backgroundColor);
  const resting = await background();
  await card.getByLabel('Remind me when I have not logged yet').check();
  await expect.poll(background).not.toBe(resting);
  await card.getByLabel('Remind me when I have not logged yet').uncheck();
  await expect.poll(background).toBe(resting);
  await checkPage(page, 'reminder-off-days-light', card);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await checkPage(page, 'reminder-off-days-dark', card);
});
