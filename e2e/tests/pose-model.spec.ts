import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from '../support/env';
import {
  type ClipRun,
  cutOtherOrigins,
  installPoseHarness,
  launchWithCamera,
  POSE_TEST_DATA,
  runClip,
} from '../support/pose-harness';

/**
 * The camera counter's pose model (docs/decisions/037-on-device-pose-model.md) in Chromium, loaded
 * from our origin with every other origin cut off, on the fake camera playing the reference clips of
 * TensorFlow.js's pose models (e2e/test-data/pose/): it finds the joints the reference has, and the
 * squat rules fed its poses count the clip's squats.
 */

/** The joints the counting rules use, and their names in the reference files. */
const JOINTS = [
  ['leftShoulder', 'left_shoulder', 11],
  ['rightShoulder', 'right_shoulder', 12],
  ['leftElbow', 'left_elbow', 13],
  ['rightElbow', 'right_elbow', 14],
  ['leftWrist', 'left_wrist', 15],
  ['rightWrist', 'right_wrist', 16],
  ['leftHip', 'left_hip', 23],
  ['rightHip', 'right_hip', 24],
  ['leftKnee', 'left_knee', 25],
  ['rightKnee', 'right_knee', 26],
  ['leftAnkle', 'left_ankle', 27],
  ['rightAnkle', 'right_ankle', 28],
] as const;
type Joint = (typeof JOINTS)[number][0];
type Point = { x: number; y: number };
type Reference = Record<Joint, Point>;

/** A joint is found when it is within this fraction of the torso (shoulders' to hips' midpoints) of the reference. */
const TOLERANCE_OF_TORSO = 0.25;
/** …in at least this share of the frames, each joint on its own. */
const MIN_FOUND_SHARE = 0.8;
/** Up to this long for the camera's loop to have shown every frame of a clip at least once. */
const CLIP_TIMEOUT_MS = 90_000;

/** pose_squats: BlazePose's 33 landmarks [x, y, depth] per frame, pixels of the 720 x 1280 clip. */
function squatsReference(): Reference[] {
  const frames = JSON.parse(
    fs.readFileSync(path.join(POSE_TEST_DATA, 'pose_squats.full.json'), 'utf8'),
  ) as number[][][];
  return frames.map(
    (landmarks) =>
      Object.fromEntries(
        JOINTS.map(([joint, , index]) => [
          joint,
          { x: landmarks[index]?.[0] ?? 0, y: landmarks[index]?.[1] ?? 0 },
        ]),
      ) as Reference,
  );
}

/** pose_1: the 17 joints by name per frame, pixels of the 576 x 576 clip; the test clip has every other frame. */
function pose1Reference(): Reference[] {
  const frames = JSON.parse(fs.readFileSync(path.join(POSE_TEST_DATA, 'pose_1.json'), 'utf8')) as Record<
    string,
    Point
  >[];
  return frames
    .filter((_, index) => index % 2 === 0)
    .map((joints) => Object.fromEntries(JOINTS.map(([joint, name]) => [joint, joints[name]])) as Reference);
}

const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Per joint, the share of frames where the detector's joint is within the tolerance of the reference's. */
function foundShares(run: ClipRun, reference: Reference[], referenceWidth: number): Record<Joint, number> {
  const scale = run.width / referenceWidth;
  const shares = {} as Record<Joint, number>;
  for (const [joint] of JOINTS) {
    let found = 0;
    reference.forEach((expected, index) => {
      const torso =
        distance(
          middle(expected.leftShoulder, expected.rightShoulder),
          middle(expected.leftHip, expected.rightHip),
        ) * scale;
      const seen = run.poses[index]?.keypoints[joint];
      const want = { x: expected[joint].x * scale, y: expected[joint].y * scale };
      if (seen && distance(seen, want) <= TOLERANCE_OF_TORSO * torso) found++;
    });
    shares[joint] = found / reference.length;
  }
  return shares;
}

/** Runs a clip on a page of our origin with other origins cut off; returns the run and what tried to leave. */
async function runOnOurOrigin(browser: Browser, frames: number, step: number) {
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
  const run = await runClip(page, frames, step, CLIP_TIMEOUT_MS);
  return { context, page, run, leaving, requests, policyViolations };
}

/** Prints the numbers and keeps the run's poses with the test's output (to compare with the reference). */
function report(title: string, run: ClipRun, shares: Record<Joint, number>): void {
  fs.writeFileSync(test.info().outputPath(`${title}.json`), JSON.stringify(run));
  const perJoint = Object.entries(shares)
    .map(([joint, share]) => `${joint} ${Math.round(share * 100)}%`)
    .join(', ');
  console.log(
    `${title}: ${run.width}x${run.height}, backend ${run.backend}, ready ${Math.round(run.readyMs)} ms, ` +
      `first detection ${Math.round(run.firstDetectionMs)} ms, ${run.framesPerSecond.toFixed(1)} frames/s; ` +
      `within ${TOLERANCE_OF_TORSO} of the torso: ${perJoint}`,
  );
}

test.describe('pose model on the squat clip', () => {
  let browser: Browser;
  let page: Page;
  let outcome: Awaited<ReturnType<typeof runOnOurOrigin>>;
  const reference = squatsReference();

  test.beforeAll(async () => {
    test.setTimeout(CLIP_TIMEOUT_MS + 60_000);
    browser = await launchWithCamera('pose_squats.mjpeg');
    outcome = await runOnOurOrigin(browser, reference.length, 1);
    page = outcome.page;
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  test('loads the runtime, the model and its WebAssembly from our origin only, and nothing tried to leave it', () => {
    expect(outcome.leaving).toEqual([]);
    const origin = new URL(E2E.baseUrl).origin;
    expect(outcome.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(outcome.requests).toContain(`${origin}/models/pose/human-3.3.6/movenet-lightning.json`);
    expect(outcome.requests).toContain(`${origin}/models/pose/human-3.3.6/movenet-lightning.bin`);
    expect(outcome.requests).toContain(
      `${origin}/models/pose/tfjs-backend-wasm-4.22.0/tfjs-backend-wasm-simd.wasm`,
    );
    expect(outcome.run.backend).toBe('wasm');
    expect(outcome.policyViolations).toEqual([]);
  });

  test(`finds each joint of the reference within ${TOLERANCE_OF_TORSO} of the torso in at least ${MIN_FOUND_SHARE * 100}% of the frames`, () => {
    expect(outcome.run.poses.filter((pose) => pose === null)).toHaveLength(0);
    const shares = foundShares(outcome.run, reference, 720);
    report('pose_squats', outcome.run, shares);
    for (const [joint, share] of Object.entries(shares))
      expect(share, joint).toBeGreaterThanOrEqual(MIN_FOUND_SHARE);
  });

  test('the squat rules fed its poses count the two full squats, not the third that does not come back up', async () => {
    // The clip is 5 frames a second: frame i was taken at i * 200 ms. Counted with the rules as they
    // are, and with other knee thresholds for the record: the clip is filmed from the front, where
    // MoveNet reads the first squat's knees at 106° and 112° at their lowest (the reference: 96° and
    // 103°), so rules that called 'down' only under 105° missed it.
    const counted = await page.evaluate(
      ({ poses, width, height }) => {
        type Rules = { downBelowDeg: number };
        type Harness = {
          createRepCounter(rules: Rules): { update(frame: unknown): { count: number } };
          SQUAT_RULES: Rules;
        };
        const harness = (window as unknown as { poseHarness: Harness }).poseHarness;
        const count = (rules: Rules) => {
          const counter = harness.createRepCounter(rules);
          let total = 0;
          poses.forEach((pose, index) => {
            total = counter.update({ poses: pose ? [pose] : [], width, height, timeMs: index * 200 }).count;
          });
          return total;
        };
        const rules = harness.SQUAT_RULES;
        const byThreshold = [105, 110, 115, 120].map((deg) => [deg, count({ ...rules, downBelowDeg: deg })]);
        return { downBelowDeg: rules.downBelowDeg, count: count(rules), byThreshold };
      },
      { poses: outcome.run.poses, width: outcome.run.width, height: outcome.run.height },
    );
    console.log(
      `pose_squats counted ${counted.count} with the squat rules (down below ${counted.downBelowDeg}°); ` +
        `by down threshold: ${counted.byThreshold.map(([deg, count]) => `${deg}° ${count}`).join(', ')}`,
    );
    expect(counted.count).toBe(2);
  });
});

test.describe('pose model on the pose_1 clip', () => {
  let browser: Browser;
  const reference = pose1Reference();

  test.beforeAll(async () => {
    browser = await launchWithCamera('pose_1.mjpeg');
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  test(`finds each joint of the reference within ${TOLERANCE_OF_TORSO} of the torso in at least ${MIN_FOUND_SHARE * 100}% of the frames, from our origin only`, async () => {
    test.setTimeout(CLIP_TIMEOUT_MS + 60_000);
    const outcome = await runOnOurOrigin(browser, reference.length, 2);
    expect(outcome.leaving).toEqual([]);
    expect(outcome.run.poses.filter((pose) => pose === null)).toHaveLength(0);
    const shares = foundShares(outcome.run, reference, 576);
    report('pose_1', outcome.run, shares);
    for (const [joint, share] of Object.entries(shares))
      expect(share, joint).toBeGreaterThanOrEqual(MIN_FOUND_SHARE);
  });
});
