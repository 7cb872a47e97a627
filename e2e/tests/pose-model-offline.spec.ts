import { type Browser, expect, test } from '@playwright/test';
import { E2E } from '../support/env';
import { serviceWorkerReady } from '../support/offline';
import { cutOtherOrigins, installPoseHarness, launchWithCamera, runClip } from '../support/pose-harness';

/**
 * The pose model offline after its first use (docs/decisions/037-on-device-pose-model.md): the
 * service worker does not precache it, it keeps the model and the WebAssembly the first time they
 * load, and a page opened without a network then finds a pose from them. Other origins are cut off
 * throughout, and nothing tries to reach one.
 */

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
});
