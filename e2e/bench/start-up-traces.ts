import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, E2E } from '../support/env';
import { signIn } from './visitor';

/** Lighthouse's phone: a CPU four times slower than this machine's. */
const PHONE_CPU_SLOWDOWN = 4;
/** After the network is idle: long enough for the deferred renders and the first answers' renders. */
const SETTLE_MS = 3_000;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'blink.user_timing',
];

/**
 * `npm run bench:web -- --traces DIR`: a Chrome trace of each signed-in page's start-up, on a CPU
 * slowed as Lighthouse's phone is, with the JavaScript's call stacks; DevTools' Performance panel
 * opens it (Load profile). Lighthouse says how long the main thread was blocked, this says by what
 * (docs/performance.md, "The web app: `npm run bench:web`").
 */
export async function writeStartUpTraces(
  email: string,
  pages: readonly { path: string; report: string }[],
  dir: string,
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args });
  try {
    const state = await signedInState(browser, email);
    for (const page of pages.filter((p) => p.path !== '/login')) {
      const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: state });
      try {
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
        await browser.startTracing(tab, { categories: CATEGORIES });
        await tab.goto(page.path);
        await tab.waitForLoadState('networkidle');
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const file = path.join(dir, `${page.report}.trace.json`);
        fs.writeFileSync(file, await browser.stopTracing());
        console.log(`${page.path}: ${file}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

async function signedInState(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  try {
    const page = await context.newPage();
    await signIn(page, email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
