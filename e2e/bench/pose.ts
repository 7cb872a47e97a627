import './ports';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { E2E } from '../support/env';
import {
  foundShares,
  MIN_FOUND_SHARE,
  pose1Reference,
  type Reference,
  squatsReference,
  TOLERANCE_OF_TORSO,
} from '../support/pose-accuracy';
import {
  type ClipRun,
  cutOtherOrigins,
  installPoseHarness,
  launchWithCamera,
  runClip,
} from '../support/pose-harness';
import { median, table } from './format';
import { startServer } from './server';

/**
 * `npm run bench:pose -w @pushup/e2e`: the camera counter's pose model in Debian's Chromium (headless,
 * no GPU) against the real server and the built app, the fake camera playing the squat clip of
 * e2e/test-data/pose (360 x 640): per backend the detector can use (WebAssembly first; WebGL and
 * the CPU are its fallbacks, measured by taking the ones before them away), the time from starting
 * to load the runtime and the model until it is ready and until the first frame's pose is back, in a
 * fresh browser context each run (nothing cached), and the frames run through the model per second.
 * Then how well the model finds the joints of both reference clips (each joint within a quarter of
 * the torso of the reference in at least 80% of the frames, as it was chosen for): it exits with 1
 * when a joint falls short. `--record` writes the model's poses of every frame of the squat clip into
 * the web app's unit test of the squat rules (apps/web/test/squats-on-model-poses.test.ts). Not part of
 * `npm test` (docs/performance.md, "The pose model"; docs/testing.md, "Levels").
 */

/** Where the squat rules' unit test reads the model's poses of the squat clip. */
const RECORDED_POSES = path.join(
  E2E.repoRoot,
  'apps',
  'web',
  'test',
  'test-data',
  'movenet-pose-squats.json',
);
/** Up to this long for the camera's loop to have shown every frame of a clip at least once. */
const CLIP_TIMEOUT_MS = 120_000;

const BACKENDS = [
  { name: 'wasm', without: [] },
  { name: 'webgl', without: ['wasm'] },
  { name: 'cpu', without: ['wasm', 'webgl'] },
] as const;
const SQUAT_FRAMES = 65;

function parseOptions(): { runs: number; seconds: number; backends: string[]; record: boolean } {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '15' },
      backends: { type: 'string', default: BACKENDS.map((backend) => backend.name).join(',') },
      record: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number, not ${values.runs}`);
  return {
    runs,
    seconds: Number(values.seconds),
    backends: values.backends.split(','),
    record: values.record,
  };
}

/** Every frame of a clip through the model (WebAssembly), on our origin with other origins cut off. */
async function wholeClip(clip: string, frames: number, step: number): Promise<ClipRun> {
  const browser = await launchWithCamera(clip);
  try {
    const context = await browser.newContext({ baseURL: E2E.baseUrl, serviceWorkers: 'block' });
    const leaving = await cutOtherOrigins(context);
    const page = await context.newPage();
    await page.goto('/login');
    await installPoseHarness(page);
    const run = await runClip(page, frames, step, CLIP_TIMEOUT_MS);
    if (leaving.length > 0) throw new Error(`requests to other origins: ${leaving.join(', ')}`);
    if (run.poses.includes(null))
      throw new Error(`${clip}: not every frame was seen in ${CLIP_TIMEOUT_MS} ms`);
    return run;
  } finally {
    await browser.close();
  }
}

/** Prints each joint's share of frames within the tolerance; answers whether every joint reached the minimum. */
function printAccuracy(name: string, run: ClipRun, reference: Reference[], referenceWidth: number): boolean {
  const shares = foundShares(run, reference, referenceWidth);
  const rows = [['joint', `frames within ${TOLERANCE_OF_TORSO} of the torso`]];
  for (const [joint, share] of Object.entries(shares)) rows.push([joint, `${Math.round(share * 100)}%`]);
  console.log(
    `Pose model on ${name} (${run.width} x ${run.height}, ${run.backend}), ${reference.length} frames:`,
  );
  console.log(table(rows));
  const short = Object.entries(shares).filter(([, share]) => share < MIN_FOUND_SHARE);
  for (const [joint, share] of short)
    console.log(
      `  ${joint}: ${Math.round(share * 100)}%, under the ${MIN_FOUND_SHARE * 100}% the model was chosen for`,
    );
  return short.length === 0;
}

async function measure(browser: Browser, without: readonly string[], seconds: number) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, serviceWorkers: 'block' });
  try {
    const leaving = await cutOtherOrigins(context);
    const page = await context.newPage();
    await page.goto('/login');
    await installPoseHarness(page);
    const run = await runClip(page, SQUAT_FRAMES, 1, seconds * 1000, [...without]);
    if (leaving.length > 0) throw new Error(`requests to other origins: ${leaving.join(', ')}`);
    return run;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const server = await startServer();
  const browser = await launchWithCamera('pose_squats.mjpeg');
  try {
    const rows = [
      ['backend', 'ready (ms)', 'first pose (ms)', 'first squat counted (ms)', 'frames/s', 'runs'],
    ];
    for (const backend of BACKENDS.filter((candidate) => options.backends.includes(candidate.name))) {
      const runs = [];
      for (let index = 0; index < options.runs; index++) {
        const run = await measure(browser, backend.without, options.seconds);
        if (run.backend !== backend.name) throw new Error(`asked for ${backend.name}, ran on ${run.backend}`);
        runs.push(run);
      }
      const show = (values: number[], digits: number) =>
        `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
      const ready = runs.map((run) => run.readyMs);
      const firstPose = runs.map((run) => run.firstDetectionMs);
      const rate = runs.map((run) => run.framesPerSecond);
      const counted = runs.map((run) => run.firstCountMs).filter((ms) => ms > 0);
      const firstCount =
        counted.length > 0 ? `${show(counted, 0)}, ${counted.length} of ${runs.length} runs` : 'none';
      rows.push([
        backend.name,
        show(ready, 0),
        show(firstPose, 0),
        firstCount,
        show(rate, 1),
        String(runs.length),
      ]);
    }
    console.log('Pose model, squat clip 360 x 640, headless Chromium without GPU: median (range)');
    console.log(table(rows));

    const squatsFrames = squatsReference();
    const squats = await wholeClip('pose_squats.mjpeg', squatsFrames.length, 1);
    const pose1Frames = pose1Reference();
    const pose1 = await wholeClip('pose_1.mjpeg', pose1Frames.length, 2);
    const accurate = [
      printAccuracy('pose_squats', squats, squatsFrames, 720),
      printAccuracy('pose_1', pose1, pose1Frames, 576),
    ].every(Boolean);
    if (options.record) {
      fs.mkdirSync(path.dirname(RECORDED_POSES), { recursive: true });
      const { poses, width, height } = squats;
      // Pixels to a tenth and scores to a hundredth: far finer than the rules' angles need.
      const rounded = (key: string, value: unknown) =>
        typeof value === 'number' ? Number(value.toFixed(key === 'score' ? 2 : 1)) : value;
      fs.writeFileSync(RECORDED_POSES, `${JSON.stringify({ width, height, poses }, rounded)}\n`);
      console.log(`The squat clip's poses are in ${path.relative(E2E.repoRoot, RECORDED_POSES)}.`);
    }
    if (!accurate) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
