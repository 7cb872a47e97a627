import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { delay } from './server';

export type AssetKind = 'JS' | 'CSS';
/** `load`: finished before the page's load event; `lazy`: after it (charts, particles, later pages). */
export type Phase = 'load' | 'lazy';

export interface Asset {
  url: string;
  kind: AssetKind;
  phase: Phase;
  /** Decoded body. */
  raw: number;
  /** The body gzipped here at level 9, so the number does not depend on what the server sends. */
  gzip: number;
  /** Bytes on the wire: response headers and the body as sent. */
  transferred: number;
}

/**
 * The network is idle when nothing was in flight for this long: longer than the 2 s of quiet after
 * which the particle background loads (apps/web/src/lib/page-settled.ts), so its code is counted.
 */
const QUIET_MS = 3000;
const IDLE_TIMEOUT_MS = 30_000;

/**
 * Loads `path` in a page with an empty cache and answers every JS and CSS file it fetched until the
 * network was idle.
 */
export async function measurePage(page: Page, path: string): Promise<Asset[]> {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  const idle = trackIdle(page);
  await page.goto(path, { waitUntil: 'load' });
  await idle.wait();
  // A guard that redirected (a lost session, say) would measure another page.
  const landed = new URL(page.url()).pathname;
  if (landed !== path) throw new Error(`${path} ended on ${landed}: not the page to measure`);
  const loadEnds = await responseEndsBeforeLoad(page);
  const assets: Asset[] = [];
  for (const response of responses) {
    const kind = kindOf(response);
    if (!kind) continue;
    assets.push(await toAsset(response, kind, loadEnds));
  }
  return assets;
}

function kindOf(response: Response): AssetKind | null {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('javascript')) return 'JS';
  if (type.includes('text/css')) return 'CSS';
  return null;
}

async function toAsset(response: Response, kind: AssetKind, beforeLoad: Set<string>): Promise<Asset> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    url: response.url(),
    kind,
    phase: beforeLoad.has(response.url()) ? 'load' : 'lazy',
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    transferred: sizes.responseHeadersSize + sizes.responseBodySize,
  };
}

/** The URLs the browser had received in full when the load event started (Resource Timing). */
async function responseEndsBeforeLoad(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadStart = navigation?.loadEventStart ?? 0;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.responseEnd <= loadStart)
      .map((entry) => entry.name);
  });
  return new Set(urls);
}

/** Counts requests in flight; wait() resolves once none were for QUIET_MS. */
function trackIdle(page: Page): { wait(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async wait() {
      const deadline = Date.now() + IDLE_TIMEOUT_MS;
      while (inFlight > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(`the network was not idle within ${IDLE_TIMEOUT_MS / 1000} s`);
        await delay(100);
      }
    },
  };
}
