import './ports';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { E2E } from '../support/env';
import { cutOtherOrigins, installPoseHarness, launchWithCamera, runClip } from '../support/pose-harness';
import { median, table } from './format';
import { startServer } from './server';

/**
 * `npm run bench:pose -w @pushup/e2e`: the camera counter's pose model in Debian's Chromium (headless,
 * no GPU) against the real server and the built app, the fake camera playing the squat clip of
 * e2e/test-data/pose (360 x 640): per backend the detector can use (WebAssembly first; WebGL and
 * the CPU are its fallbacks, measured by taking the ones before them away), the time from starting
 * to load the runtime and the model until it is ready and until the first frame's pose is back, in a
 * fresh browser context each run (nothing cached), and the frames run through the model per second.
 * Prints numbers only; not part of `npm test` (docs/performance.md, "The pose model").
 */

const BACKENDS = [
  { name: 'wasm', without: [] },
  { name: 'webgl', without: ['wasm'] },
  { name: 'cpu', without: ['wasm', 'webgl'] },
] as const;
const SQUAT_FRAMES = 65;

function parseOptions(): { runs: number; seconds: number; backends: string[] } {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '15' },
      backends: { type: 'string', default: BACKENDS.map((backend) => backend.name).join(',') },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number, not ${values.runs}`);
  return { runs, seconds: Number(values.seconds), backends: values.backends.split(',') };
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
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
