import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM, E2E } from './env';

/**
 * The pose model in a browser, without the camera counter's screen: the detector and the counting
 * rules of apps/web/src/features/camera-counter bundled as they are (esbuild) and evaluated in a page
 * of our origin, so its policy (CSP) and its service worker apply to everything they load. Chromium's
 * fake camera plays a clip of e2e/test-data/pose/ whose frames carry their number (README there).
 */

const FEATURE = path.join(E2E.repoRoot, 'apps', 'web', 'src', 'features', 'camera-counter');
export const POSE_TEST_DATA = path.join(E2E.repoRoot, 'e2e', 'test-data', 'pose');

let bundle: Promise<string> | null = null;

/** The detector, the repetition counter and TensorFlow.js (to name its backend) as one script. */
function harnessScript(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents: [
        "export { createPoseDetector } from './pose-detector';",
        "export { createRepCounter, SQUAT_RULES } from './rep-counter';",
        "export { Human } from '@vladmandic/human';",
      ].join('\n'),
      resolveDir: FEATURE,
      loader: 'ts',
    },
    tsconfig: path.join(E2E.repoRoot, 'apps', 'web', 'tsconfig.json'),
    bundle: true,
    format: 'iife',
    globalName: 'poseHarness',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // Evaluated code's `var` is not global: the bundle sets the window's property itself. Under tsx
    // (the bench), functions passed to page.evaluate call esbuild's `__name` helper, which the page
    // lacks: it is given one that does nothing.
    footer: { js: 'window.poseHarness = poseHarness; globalThis.__name ??= (target) => target;' },
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
}

/** Puts window.poseHarness into the page (evaluated, as a script the page loaded would be). */
export async function installPoseHarness(page: Page): Promise<void> {
  await page.evaluate(await harnessScript());
}

/** Chromium with the clip as its camera (one clip per browser: the flag is the process's). */
export function launchWithCamera(clip: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM.executablePath,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${path.join(POSE_TEST_DATA, clip)}`,
    ],
  });
}

/**
 * Lets requests reach our origin only: any other is aborted and listed (a request the page never
 * attempts is not listed, so the list being empty means nothing tried to leave).
 */
export async function cutOtherOrigins(context: BrowserContext): Promise<string[]> {
  const attempted: string[] = [];
  const origin = new URL(E2E.baseUrl).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    attempted.push(url);
    return route.abort('blockedbyclient');
  });
  return attempted;
}

interface DetectedJoint {
  x: number;
  y: number;
  score: number;
}

/** A pose as the detector gives it (apps/web/src/features/camera-counter/pose.ts). */
interface DetectedPose {
  keypoints: Record<string, DetectedJoint>;
  score: number;
}

export interface ClipRun {
  /** The pose found in each source frame of the clip (by the number in its corner); null if never seen. */
  poses: (DetectedPose | null)[];
  width: number;
  height: number;
  backend: string;
  /** From starting to load the runtime and model until the detector was ready (warmed up). */
  readyMs: number;
  /** From starting to load until the first camera frame's pose was back. */
  firstDetectionMs: number;
  /**
   * From starting to load until the squat rules, fed every pose found, counted the clip's first full
   * squat (0: none counted): what someone who opens the counter and starts at once waits for.
   */
  firstCountMs: number;
  /** Frames run through the model per second while the clip played. */
  framesPerSecond: number;
}

/**
 * Opens the camera, creates the detector and runs it on every frame the camera delivers until each
 * of `frames` source frames (the numbers `step` apart from 0) has been seen, or `timeoutMs` passed.
 * `withoutBackends`: TensorFlow.js backends taken away first, to measure the detector's fallbacks.
 */
export function runClip(
  page: Page,
  frames: number,
  step: number,
  timeoutMs: number,
  withoutBackends: string[] = [],
): Promise<ClipRun> {
  return page.evaluate(
    async ({ frames, step, timeoutMs, withoutBackends }) => {
      type Harness = {
        createPoseDetector(): Promise<{
          detect(video: HTMLVideoElement, timeMs: number): Promise<{ poses: DetectedPose[] }>;
          close(): void;
        }>;
        Human: new () => { tf: { getBackend(): string; removeBackend(name: string): void } };
        createRepCounter(rules: unknown): {
          update(frame: { poses: DetectedPose[]; width: number; height: number; timeMs: number }): {
            count: number;
          };
        };
        SQUAT_RULES: unknown;
      };
      const harness = (window as unknown as { poseHarness: Harness }).poseHarness;
      for (const name of withoutBackends) new harness.Human().tf.removeBackend(name);
      const start = performance.now();
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play();
      const detector = await harness.createPoseDetector();
      const readyMs = performance.now() - start;

      // Each camera frame is copied first, and the copy is what the detector sees (it reads only a
      // video's size and pixels, which a canvas given the same size properties has): the frame's
      // number, eight 8 x 8 blocks in its top left corner (white for a 1 bit), is then the number of
      // the frame detected, however fast the camera moves on.
      const still = document.createElement('canvas');
      const stillContext = still.getContext('2d', { willReadFrequently: true });
      if (!stillContext) throw new Error('no 2D canvas');
      const frameNumber = () => {
        const pixels = stillContext.getImageData(0, 0, 64, 8).data;
        let number = 0;
        for (let bit = 0; bit < 8; bit++) {
          if ((pixels[(4 * 64 + bit * 8 + 4) * 4] ?? 0) > 127) number |= 1 << bit;
        }
        return number;
      };

      const poses: (DetectedPose | null)[] = Array.from({ length: frames }, () => null);
      let firstDetectionMs = 0;
      let firstCountMs = 0;
      const counter = harness.createRepCounter(harness.SQUAT_RULES);
      let processed = 0;
      const loopStart = performance.now();
      while (poses.includes(null) && performance.now() - start < timeoutMs) {
        still.width = video.videoWidth;
        still.height = video.videoHeight;
        stillContext.drawImage(video, 0, 0);
        Object.assign(still, { videoWidth: still.width, videoHeight: still.height });
        const frameTime = performance.now();
        const frame = await detector.detect(still as unknown as HTMLVideoElement, frameTime);
        processed++;
        if (firstDetectionMs === 0) firstDetectionMs = performance.now() - start;
        const counted = counter.update({
          poses: frame.poses,
          width: still.width,
          height: still.height,
          timeMs: frameTime,
        });
        if (firstCountMs === 0 && counted.count > 0) firstCountMs = performance.now() - start;
        const index = frameNumber() / step;
        if (Number.isInteger(index) && index < frames)
          poses[index] = frame.poses[0] ?? { keypoints: {}, score: 0 };
        await new Promise<void>((resolve) => video.requestVideoFrameCallback(() => resolve()));
      }
      const framesPerSecond = (processed * 1000) / (performance.now() - loopStart);
      const backend = new harness.Human().tf.getBackend();
      detector.close();
      for (const track of stream.getTracks()) track.stop();
      return {
        poses,
        width: video.videoWidth,
        height: video.videoHeight,
        backend,
        readyMs,
        firstDetectionMs,
        firstCountMs,
        framesPerSecond,
      };
    },
    { frames, step, timeoutMs, withoutBackends },
  );
}
