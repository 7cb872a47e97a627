import { expect, type Page, test } from '@playwright/test';
import { idTokenFor } from '../support/api';
import { checkBothThemes, FAKE_CAMERA_ALLOWED, seePushupsInsteadOfModel } from '../support/camera-counter';
import { signedInNewUser } from '../support/pages';
import { recordWakeLocks, startPlanViaApi, wakeLockRequests } from '../support/plans';
import { PASSWORD } from '../support/users';

// The camera counter (docs/product.md, "Counting with the camera") in Chromium with its fake camera,
// which plays a moving test pattern and allows the camera without asking.

test.use({ launchOptions: FAKE_CAMERA_ALLOWED, locale: 'en-US' });
test.slow();

const screen = (page: Page) => page.getByRole('dialog', { name: 'Count with camera' });
const banner = (page: Page) => screen(page).getByRole('status');

/**
 * Counts the frames the counter's loop asks the video for (window.framesAsked): it asks for the next
 * one once the model has answered for the last, so the count says how many frames the model has seen.
 */
async function countFramesAsked(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const ask = HTMLVideoElement.prototype.requestVideoFrameCallback;
    const counted = window as unknown as { framesAsked: number };
    counted.framesAsked = 0;
    HTMLVideoElement.prototype.requestVideoFrameCallback = function (callback) {
      counted.framesAsked += 1;
      return ask.call(this, callback);
    };
  });
  return () => page.evaluate(() => (window as unknown as { framesAsked: number }).framesAsked);
}

async function openCounter(page: Page) {
  await page.getByRole('button', { name: 'Count with camera' }).click();
  await expect(screen(page)).toBeVisible();
}

test('the counter explains why it asks for the camera and where to put the phone; with nobody in view it counts nothing', async ({
  page,
}) => {
  const framesAsked = await countFramesAsked(page);
  await signedInNewUser(page, 'camnone');
  await openCounter(page);
  await expect(screen(page)).toContainText('The camera sees your pushups and counts them for you');
  await expect(screen(page)).toContainText('The video never leaves your device');
  await expect(screen(page).getByRole('heading', { name: 'Where to put the phone' })).toBeVisible();
  await expect(screen(page).getByRole('img', { name: /phone standing on the floor/ })).toBeVisible();
  await expect(screen(page)).toContainText('Counting starts once it is.');
  // The model is not loaded before the camera runs.
  const modelRequests: string[] = [];
  page.on('request', (request) => {
    if (/pose-(detector|runtime)|\/models\/pose\//.test(request.url())) modelRequests.push(request.url());
  });
  await checkBothThemes(page, 'placement', screen(page).getByRole('button', { name: 'Start the camera' }));
  expect(modelRequests).toEqual([]);

  await screen(page).getByRole('button', { name: 'Start the camera' }).click();
  await expect(screen(page).getByLabel('Camera preview')).toBeVisible();
  // The real model, on the fake camera's test pattern: nobody is there, and nothing is counted.
  await expect(banner(page)).toHaveText('Nobody in view. Move so the camera sees all of you.', {
    timeout: 60_000,
  });
  expect(modelRequests.some((url) => url.includes('pose-detector'))).toBe(true);
  // Twenty more frames through the model, and still nobody, nothing counted.
  const seen = await framesAsked();
  await expect.poll(framesAsked, { timeout: 30_000 }).toBeGreaterThan(seen + 20);
  await expect(banner(page)).toHaveText('Nobody in view. Move so the camera sees all of you.');
  await expect(screen(page).getByText('0', { exact: true })).toBeVisible();

  // Escape stops: nothing was counted, and the counter is as it was.
  await page.keyboard.press('Escape');
  await expect(screen(page)).toContainText('Nothing was counted.');
  await expect(screen(page).getByRole('button', { name: /^Use/ })).toHaveCount(0);
  await screen(page).getByRole('button', { name: 'Back to the counter' }).click();
  await expect(screen(page)).toHaveCount(0);
  await expect(page.getByLabel('Pushup count')).toHaveValue('0');
  // The camera is released when the counter closes.
  expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
});

test('counting starts with the body in view, shows hints without stopping, and Use puts the count into the counter to confirm', async ({
  page,
}) => {
  await seePushupsInsteadOfModel(page, { reps: null, hipOffset: 70 });
  await signedInNewUser(page, 'camuse');
  await openCounter(page);
  await screen(page).getByRole('button', { name: 'Start the camera' }).click();
  await expect(banner(page)).toHaveText('Body in view: counting', { timeout: 30_000 });
  // A sagging body is told so, and its push-ups still count.
  await expect(screen(page).getByText('Lift your hips a little: keep your body straight.')).toBeVisible();
  await expect(screen(page).getByText('2', { exact: true })).toBeVisible({ timeout: 15_000 });
  // Counting goes on through the checks, however long they take on a busy machine (past 3, say).
  const shown = async () => Number(await screen(page).getByText(/^\d+$/).textContent());
  const before = await shown();
  await checkBothThemes(page, 'counting', screen(page).getByRole('button', { name: 'Stop' }));
  await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThan(before);

  // Space stops (Stop has the keyboard).
  await page.keyboard.press('Space');
  const result = screen(page).getByRole('button', { name: /^Use \d+$/ });
  await expect(result).toBeVisible();
  const counted = Number((await result.textContent())?.replace(/\D/g, ''));
  expect(counted).toBeGreaterThanOrEqual(3);
  await expect(screen(page)).toContainText(`${counted} pushups counted`);
  await expect(screen(page)).toContainText('Nothing is logged until you confirm it there.');
  await checkBothThemes(page, 'result', result);

  await result.click();
  await expect(screen(page)).toHaveCount(0);
  await expect(page.getByLabel('Pushup count')).toHaveValue(String(counted));
  // Nothing was logged: the total is what it was until Submit is pressed.
  await expect(page.getByText('0 recorded')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText(`${counted} recorded`)).toBeVisible();
});

test('counting stops by itself after a few seconds without movement; Discard leaves the counter alone', async ({
  page,
}) => {
  await seePushupsInsteadOfModel(page, { reps: 3 });
  await signedInNewUser(page, 'camidle');
  await page.getByRole('button', { name: 'Add 10' }).click();
  await openCounter(page);
  await screen(page).getByRole('button', { name: 'Start the camera' }).click();
  await expect(screen(page).getByText('3', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(screen(page).getByText('No movement: counting stops in a moment.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(screen(page).getByRole('button', { name: 'Use 3' })).toBeVisible({ timeout: 10_000 });
  await screen(page).getByRole('button', { name: 'Discard' }).click();
  await expect(screen(page)).toHaveCount(0);
  await expect(page.getByLabel('Pushup count')).toHaveValue('10');
});

test('the screen stays on while counting; a page sent to the background pauses the camera and counting, and resumes on return', async ({
  page,
}) => {
  await recordWakeLocks(page);
  await seePushupsInsteadOfModel(page, { reps: null });
  await signedInNewUser(page, 'camhide');
  await openCounter(page);
  await screen(page).getByRole('button', { name: 'Start the camera' }).click();
  await expect(banner(page)).toHaveText('Body in view: counting', { timeout: 30_000 });
  expect(await wakeLockRequests(page)).toContain('screen');
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect(banner(page)).toHaveText('Paused while the app is in the background.');
  // The camera is released while hidden.
  const liveTracks = () =>
    page.evaluate(() => {
      const video = document.querySelector('video');
      const stream = video?.srcObject as MediaStream | null;
      return stream?.getTracks().filter((track) => track.readyState === 'live').length ?? 0;
    });
  expect(await liveTracks()).toBe(0);
  await setVisibility('visible');
  await expect(banner(page)).not.toHaveText('Paused while the app is in the background.');
  expect(await liveTracks()).toBe(1);
  await expect(banner(page)).toHaveText('Body in view: counting', { timeout: 10_000 });
});

test('in a guided workout, Use puts the count into the set’s counter, and Done confirms it', async ({
  page,
}) => {
  await seePushupsInsteadOfModel(page, { reps: 2 });
  const { email } = await signedInNewUser(page, 'camset');
  await startPlanViaApi(await idTokenFor(email, PASSWORD));
  await page.goto('/plan/workout');
  await page.getByRole('button', { name: 'Start workout' }).click();
  await expect(page.getByRole('heading', { name: 'Set 1 of 5' })).toBeVisible();
  await openCounter(page);
  await screen(page).getByRole('button', { name: 'Start the camera' }).click();
  await screen(page).getByRole('button', { name: 'Use 2' }).click({ timeout: 40_000 });
  await expect(screen(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'done' })).toHaveText('2 done');
  await page.getByRole('button', { name: /^Done/ }).click();
  await expect(page.getByRole('timer', { name: 'Rest left' })).toBeVisible();
});

test('in German, the counter speaks informally', async ({ page }) => {
  await seePushupsInsteadOfModel(page, { reps: null });
  await signedInNewUser(page, 'camde');
  await page.goto('/profile');
  // Kept in the profile before the page loads anew: a reload cuts the save short, and the profile's
  // older choice, English, then stands.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/settings') && response.request().method() === 'PATCH',
  );
  await page.getByRole('region', { name: 'Language and theme' }).getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await saved).ok()).toBe(true);
  await page.goto('/');
  await page.getByRole('button', { name: 'Mit Kamera zählen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mit Kamera zählen' });
  await expect(dialog).toContainText('Das Video verlässt dein Gerät nie');
  await expect(dialog.getByRole('heading', { name: 'Wo das Handy hinkommt' })).toBeVisible();
  await checkBothThemes(page, 'placement-de', dialog.getByRole('button', { name: 'Kamera starten' }));
  await dialog.getByRole('button', { name: 'Kamera starten' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Körper im Bild: Es wird gezählt', {
    timeout: 30_000,
  });
  await expect(dialog.getByText(/^Liegestütze?$/)).toBeVisible();
  await checkBothThemes(page, 'counting-de', dialog.getByRole('button', { name: 'Stopp' }));
  // A slow machine may still be in the first push-up here: stop once one has been counted.
  await expect(dialog.getByText(/^[1-9]\d*$/)).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Stopp' }).click();
  await expect(dialog.getByRole('button', { name: /^\d+ übernehmen$/ })).toBeVisible();
  await expect(dialog).toContainText('Eingetragen wird erst, wenn du sie dort bestätigst.');
});
