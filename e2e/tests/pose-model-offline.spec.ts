import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from '../support/env';
import { dashboardSavedForOffline, serviceWorkerReady } from '../support/offline';
import { signedInNewUser } from '../support/pages';
import { cutOtherOrigins, installPoseHarness, launchWithCamera, runClip } from '../support/pose-harness';

/**
 * The pose model offline after its first use (docs/decisions/037-on-device-pose-model.md): the
 * service worker does not precache it, it keeps the model and the WebAssembly the first time they
 * load, and a page opened without a network then finds a pose from them; the camera counter's screen
 * loads its runtime chunk, model and WebAssembly from our origin and runs offline once it has run.
 * Other origins are cut off throughout, and nothing tries to reach one. The fake camera plays
 * tfjs-models' pose_1 clip (someone facing the camera, whole body in view).
 */

const counterScreen = (page: Page) => page.getByRole('dialog', { name: 'Count with camera' });

/** Opens the camera counter, starts the camera and waits until the model reads the frames. */
async function countWithCamera(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Count with camera' }).click();
  await counterScreen(page).getByRole('button', { name: 'Start the camera' }).click();
  // The model sees the whole body in the clip, and the counting rules start counting.
  await expect(counterScreen(page).getByRole('status')).toHaveText('Body in view: counting', {
    timeout: 60_000,
  });
}

/** Stops counting and closes the counter. */
async function closeCounter(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await counterScreen(page).getByRole('button', { name: 'Back to the counter' }).click();
  await expect(counterScreen(page)).toHaveCount(0);
}

test.describe('pose model offline', () => {
  let browser: Browser;

  test.beforeAll(async () => {
    browser = await launchWithCamera('pose_1.mjpeg');
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  test('is kept by the service worker on first use, not before, and finds a pose with no network', async () => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: E2E.baseUrl, serviceWorkers: 'allow' });
    const leaving = await cutOtherOrigins(context);
    const page = await context.newPage();
    await page.goto('/login');
    await serviceWorkerReady(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const keptPoseFiles = () =>
      page.evaluate(async () => {
        if (!(await caches.has('pose-model'))) return [];
        const kept = await (await caches.open('pose-model')).keys();
        return kept.map((request) => new URL(request.url).pathname).sort();
      });
    // Not precached: a visitor who never opens the camera counter never downloads the model.
    expect(await keptPoseFiles()).toEqual([]);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
      );
      return urls.flat();
    });
    expect(precached.filter((url) => url.includes('/models/'))).toEqual([]);

    await installPoseHarness(page);
    await page.evaluate(async () => {
      const harness = (
        window as unknown as { poseHarness: { createPoseDetector(): Promise<{ close(): void }> } }
      ).poseHarness;
      (await harness.createPoseDetector()).close();
    });
    expect(await keptPoseFiles()).toEqual([
      '/models/pose/human-3.3.6/movenet-lightning.bin',
      '/models/pose/human-3.3.6/movenet-lightning.json',
      '/models/pose/tfjs-backend-wasm-4.22.0/tfjs-backend-wasm-simd.wasm',
    ]);

    await context.setOffline(true);
    await page.reload();
    await installPoseHarness(page);
    // The clip's first frame, run through the model loaded with no network.
    const run = await runClip(page, 1, 2, 60_000);
    expect(run.backend).toBe('wasm');
    const joints = Object.keys(run.poses[0]?.keypoints ?? {});
    expect(joints.length).toBeGreaterThanOrEqual(12);
    expect(leaving).toEqual([]);
    await context.close();
  });

  test('the camera counter loads the model from our origin only, and counts offline after its first use', async () => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL: E2E.baseUrl,
      serviceWorkers: 'allow',
      locale: 'en-US',
    });
    const leaving = await cutOtherOrigins(context);
    const page = await context.newPage();
    const poseFiles: string[] = [];
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/pose-(detector|runtime)-|^\/models\/pose\//.test(pathname)) poseFiles.push(pathname);
    });
    await signedInNewUser(page, 'poseoff');
    await serviceWorkerReady(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await dashboardSavedForOffline(page, 0);

    await countWithCamera(page);
    await closeCounter(page);
    expect(poseFiles.some((file) => file.startsWith('/assets/pose-runtime-'))).toBe(true);
    expect(poseFiles).toContain('/models/pose/human-3.3.6/movenet-lightning.bin');
    const kept = await page.evaluate(async () =>
      (await (await caches.open('pose-model')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(kept.filter((file) => file.startsWith('/assets/pose-runtime-'))).toHaveLength(1);

    await context.setOffline(true);
    await page.reload();
    await countWithCamera(page);
    await closeCounter(page);
    expect(leaving).toEqual([]);
    await context.close();
  });
});
