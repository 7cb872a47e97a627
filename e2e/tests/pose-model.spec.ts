import { expect, test } from '@playwright/test';
import { E2E } from '../support/env';
import { cutOtherOrigins, installPoseHarness, launchWithCamera, runClip } from '../support/pose-harness';

/**
 * The camera counter's pose model (docs/decisions/037-on-device-pose-model.md) in Chromium, loaded
 * from our origin with every other origin cut off, on the fake camera playing TensorFlow.js's squat
 * clip (e2e/test-data/pose/): it loads and finds the person. How well it finds each joint of the
 * reference clips is measured by `npm run bench:pose -w @pushup/e2e` (docs/testing.md, "Levels"), and
 * the squat rules on the model's own poses of the clip are a unit test
 * (apps/web/test/squats-on-model-poses.test.ts).
 */
test('loads the runtime, the model and its WebAssembly from our origin only, and finds the person in the clip', async () => {
  test.setTimeout(120_000);
  const browser = await launchWithCamera('pose_squats.mjpeg');
  try {
    const context = await browser.newContext({ baseURL: E2E.baseUrl, serviceWorkers: 'block' });
    const leaving = await cutOtherOrigins(context);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    await page.goto('/login');
    await installPoseHarness(page);
    // Three frames of the clip, far apart: standing, going down, at the bottom.
    const run = await runClip(page, 3, 20, 60_000);

    expect(leaving).toEqual([]);
    const origin = new URL(E2E.baseUrl).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requests).toContain(`${origin}/models/pose/human-3.3.6/movenet-lightning.json`);
    expect(requests).toContain(`${origin}/models/pose/human-3.3.6/movenet-lightning.bin`);
    expect(requests).toContain(`${origin}/models/pose/tfjs-backend-wasm-4.22.0/tfjs-backend-wasm-simd.wasm`);
    expect(run.backend).toBe('wasm');
    expect(policyViolations).toEqual([]);
    // A person in every frame, with the joints the counting rules use.
    for (const pose of run.poses) {
      expect(pose?.score ?? 0).toBeGreaterThan(0.3);
      for (const joint of ['leftShoulder', 'leftHip', 'leftKnee', 'leftAnkle'])
        expect(pose?.keypoints[joint], joint).toBeDefined();
    }
  } finally {
    await browser.close();
  }
});
