import { expect, type Locator, type Page } from '@playwright/test';
import { checkPage } from './a11y';
import { CHROMIUM } from './env';

/**
 * Helpers of the camera counter's browser tests (docs/product.md, "Counting with the camera"):
 * Chromium's fake camera, a stand-in for the pose model that moves a body through push-ups, and
 * screenshots in both themes.
 */

/** Chromium with its fake camera (a moving test pattern, nobody in it) and the camera allowed. */
export const FAKE_CAMERA_ALLOWED = {
  executablePath: CHROMIUM.executablePath,
  args: [...CHROMIUM.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
};

/** The same camera, but the browser's question is answered no (headless Chromium dismisses it). */
export const FAKE_CAMERA_ASKED = {
  executablePath: CHROMIUM.executablePath,
  args: [...CHROMIUM.args, '--use-fake-device-for-media-stream'],
};

/**
 * The pose detector's module as the build names it, replaced by one that sees a body doing push-ups
 * (the elbow going from 170° to 80° and back every 1.6 s), side on and whole in the frame. No clip of
 * push-ups can be played to the fake camera here; the counting rules run as they are, on its poses.
 * `reps`: how many, then the body holds still at the top (null: push-ups until stopped).
 */
function fakeDetectorModule(reps: number | null, hipOffset: number): string {
  return `
const rad = (deg) => (deg * Math.PI) / 180;
const REPS = ${reps === null ? 'Infinity' : reps};
function elbowAngle(t) {
  if (t < 1500) return 170;
  const rep = Math.floor((t - 1500) / 1600);
  if (rep >= REPS) return 170;
  const phase = ((t - 1500) % 1600) / 1600;
  return 170 - 90 * (1 - Math.cos(phase * 2 * Math.PI)) * 0.5;
}
function pose(angle, width, height) {
  const s = Math.min(width / 640, height / 480);
  const wrist = { x: 140, y: 440 };
  const elbow = { x: 140, y: 365 };
  const shoulder = { x: elbow.x + 80 * Math.sin(rad(angle)), y: elbow.y + 80 * Math.cos(rad(angle)) };
  const ankle = { x: shoulder.x + 380, y: 430 };
  const hip = { x: (shoulder.x + ankle.x) / 2, y: (shoulder.y + ankle.y) / 2 + ${hipOffset} };
  const knee = { x: (hip.x + ankle.x) / 2, y: (hip.y + ankle.y) / 2 };
  const near = { Shoulder: shoulder, Elbow: elbow, Wrist: wrist, Hip: hip, Knee: knee, Ankle: ankle };
  const keypoints = { nose: { x: (shoulder.x - 45) * s, y: (shoulder.y - 10) * s, score: 0.8 } };
  for (const [part, point] of Object.entries(near)) {
    keypoints['left' + part] = { x: point.x * s, y: point.y * s, score: 0.85 };
    keypoints['right' + part] = { x: (point.x + 4) * s, y: (point.y - 3) * s, score: 0.55 };
  }
  return { keypoints, score: 0.8 };
}
export async function createPoseDetector() {
  let start = null;
  return {
    async detect(video, timeMs) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      start ??= timeMs;
      // About as long as the model takes on a phone: the screen's loop waits for each answer.
      await new Promise((resolve) => setTimeout(resolve, 40));
      return { poses: [pose(elbowAngle(timeMs - start), width, height)], width, height, timeMs };
    },
    close() {},
  };
}
`;
}

export async function seePushupsInsteadOfModel(
  page: Page,
  { reps = null, hipOffset = 0 }: { reps?: number | null; hipOffset?: number } = {},
): Promise<void> {
  await page.route('**/assets/pose-detector-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakeDetectorModule(reps, hipOffset) }),
  );
}

/**
 * axe in the light and dark themes at phone and desktop width (checkPage), and the window at
 * 375 x 812 and 1440 x 900 in both themes into SHOTS_DIR when it is set, for a person to look at.
 */
export async function checkBothThemes(page: Page, name: string, ready: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await checkPage(page, `camera-${name}-${colorScheme}`, ready, { fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
}
