import './ports';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import type { Result } from 'lighthouse';
import { CHROMIUM, E2E } from '../support/env';
import { kb, table } from './format';
import { audit, type FormFactor, formatRuns, LighthouseRunError } from './lighthouse';
import { type RunningServer, startServer } from './server';
import { type Asset, type AssetKind, measurePage, type Phase } from './sizes';
import { writeStartUpTraces } from './start-up-traces';
import { seedRegularUser, signIn } from './visitor';

/**
 * `npm run bench:web`: what a visitor downloads (JS and CSS of /login signed out and / signed in) and
 * the Lighthouse scores of every page (PAGES), against the real server and the built app. The exit
 * code is 1 when /login's JavaScript exceeds either of its budgets (docs/product.md, "Budgets");
 * scores never change it, since times vary from run to run.
 */

/** /login's JavaScript (gzip), signed out, in an English and a German browser. */
const LOGIN_JS_BUDGET = {
  /** What has arrived when the load event starts. */
  beforeLoad: 100 * 1024,
  /** Everything it loads until the network is idle, without the visitor doing anything. */
  total: 150 * 1024,
};
const DIST = path.join(E2E.repoRoot, 'apps', 'web', 'dist');

/**
 * The pages Lighthouse scores, in this order: /login signed out, then the signed-in pages of the
 * router (apps/web/src/app/router.tsx) that the navigation leads to, as the seeded user sees them
 * (visitor.ts). `report` names the files of `--reports`.
 */
const PAGES = [
  { path: '/login', title: '/login (signed out)', report: 'login' },
  { path: '/', title: '/ (signed in)', report: 'dashboard' },
  { path: '/log-history', title: '/log-history (signed in)', report: 'log-history' },
  { path: '/groups', title: '/groups (signed in)', report: 'groups' },
  { path: '/profile', title: '/profile (signed in)', report: 'profile' },
] as const;
type BenchPage = (typeof PAGES)[number];

interface Options {
  sizesOnly: boolean;
  runs: number;
  verbose: boolean;
  /** A folder for each run's whole Lighthouse report (JSON), to see where the time went. */
  reports: string | undefined;
  /** A folder for a Chrome trace of each signed-in page's start-up on a phone's CPU (start-up-traces.ts). */
  traces: string | undefined;
  formFactor: FormFactor;
  /** The pages to score (`--pages /,/groups`); all of PAGES by default. */
  pages: BenchPage[];
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      'sizes-only': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      verbose: { type: 'boolean', default: false },
      reports: { type: 'string' },
      traces: { type: 'string' },
      mobile: { type: 'boolean', default: false },
      pages: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs needs a whole number of at least 1, not ${values.runs}`);
  return {
    sizesOnly: values['sizes-only'],
    runs,
    verbose: values.verbose,
    reports: values.reports,
    traces: values.traces,
    formFactor: values.mobile ? 'mobile' : 'desktop',
    pages: values.pages === undefined ? [...PAGES] : selectPages(values.pages),
  };
}

/** The pages named, in PAGES' order whatever the order asked for: /login is scored before signing in. */
function selectPages(list: string): BenchPage[] {
  const asked = list.split(',').map((path) => path.trim());
  const unknown = asked.filter((path) => !PAGES.some((page) => page.path === path));
  if (unknown.length > 0) {
    throw new Error(`--pages takes ${PAGES.map((page) => page.path).join(', ')}; not ${unknown.join(', ')}`);
  }
  return PAGES.filter((page) => asked.includes(page.path));
}

function requireBuild(): void {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(
      `${DIST} has no build: run \`npm run build\` first (this script measures, it builds nothing)`,
    );
  }
}

async function main(): Promise<number> {
  const options = parseOptions();
  requireBuild();
  const server = await startServer();
  stopOnInterrupt(server);
  try {
    const user = await seedRegularUser();
    const withinBudget = await reportSizes(user.email, options.verbose);
    if (options.traces) await writeStartUpTraces(user.email, options.pages, options.traces);
    else if (!options.sizesOnly) await reportLighthouse(user.email, options);
    return withinBudget ? 0 : 1;
  } finally {
    await server.stop();
  }
}

/** Ctrl-C: the server runs in its own process group, so it would outlive us otherwise. */
function stopOnInterrupt(server: RunningServer): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.stop().finally(() => process.exit(130));
    });
  }
}

// --- sizes -----------------------------------------------------------------------------------------

async function reportSizes(email: string, verbose: boolean): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args });
  try {
    const login = await inNewContext(browser, undefined, (page) => measurePage(page, '/login'));
    // A German browser gets German catalogs instead of English ones: the budget holds for both.
    const loginGerman = await inNewContext(
      browser,
      undefined,
      (page) => measurePage(page, '/login'),
      'de-DE',
    );
    const state = await inNewContext(browser, undefined, async (page) => {
      await signIn(page, email);
      return page.context().storageState();
    });
    // A new context: the signed-in session from local storage, but an empty HTTP cache.
    const dashboard = await inNewContext(browser, state, (page) => measurePage(page, '/'));
    console.log(
      'Sizes (gzip: the body gzipped here at level 9; sent: bytes on the wire, headers included)\n',
    );
    printSizes('/login (signed out)', login, verbose);
    printSizes('/login (signed out, German browser)', loginGerman, verbose);
    printSizes('/ (signed in)', dashboard, verbose);
    const english = printBudget('/login', login);
    const german = printBudget('/login in German', loginGerman);
    return english && german;
  } finally {
    await browser.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function inNewContext<T>(
  browser: Browser,
  storageState: StorageState | undefined,
  use: (page: Page) => Promise<T>,
  locale = 'en-US',
): Promise<T> {
  const context = await browser.newContext({
    baseURL: E2E.baseUrl,
    locale,
    ...(storageState ? { storageState } : {}),
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

function sum(assets: Asset[], field: 'raw' | 'gzip' | 'transferred'): number {
  return assets.reduce((total, asset) => total + asset[field], 0);
}

function printSizes(title: string, assets: Asset[], verbose: boolean): void {
  const rows = [[title, 'files', 'raw', 'gzip', 'sent']];
  const groups: [AssetKind, Phase | 'all'][] = [
    ['JS', 'load'],
    ['JS', 'lazy'],
    ['JS', 'all'],
    ['CSS', 'load'],
    ['CSS', 'lazy'],
    ['CSS', 'all'],
  ];
  for (const [kind, phase] of groups) {
    const selected = assets.filter((a) => a.kind === kind && (phase === 'all' || a.phase === phase));
    const label =
      phase === 'all' ? `${kind} total` : `${kind} ${phase === 'load' ? 'before load' : 'after load'}`;
    rows.push([
      label,
      String(selected.length),
      kb(sum(selected, 'raw')),
      kb(sum(selected, 'gzip')),
      kb(sum(selected, 'transferred')),
    ]);
  }
  console.log(`${table(rows)}\n`);
  if (verbose) console.log(`${fileTable(assets)}\n`);
}

function fileTable(assets: Asset[]): string {
  const sorted = [...assets].sort(
    (a, b) => a.kind.localeCompare(b.kind) || b.phase.localeCompare(a.phase) || b.gzip - a.gzip,
  );
  const rows = sorted.map((a) => [
    new URL(a.url).pathname,
    a.kind,
    a.phase === 'load' ? 'before load' : 'after load',
    kb(a.raw),
    kb(a.gzip),
    kb(a.transferred),
  ]);
  return table([['file', 'kind', 'when', 'raw', 'gzip', 'sent'], ...rows], '    ');
}

function printBudget(name: string, login: Asset[]): boolean {
  const js = login.filter((a) => a.kind === 'JS');
  const beforeLoad = js.filter((a) => a.phase === 'load');
  const checks = [
    ['before load', sum(beforeLoad, 'gzip'), LOGIN_JS_BUDGET.beforeLoad],
    ['in all', sum(js, 'gzip'), LOGIN_JS_BUDGET.total],
  ] as const;
  let within = true;
  for (const [label, size, budget] of checks) {
    const ok = size <= budget;
    within &&= ok;
    const verdict = ok ? 'within budget' : `OVER BUDGET by ${kb(size - budget)}`;
    console.log(`${name} JS ${label} ${kb(size)} gzip of ${budget / 1024} KB: ${verdict}`);
  }
  console.log('');
  return within;
}

// --- Lighthouse ------------------------------------------------------------------------------------

/**
 * Lighthouse drives its own tab of a Chromium that Playwright launched with a debugging port: /login
 * first, signed out, then the signed-in pages in the same profile after signing in through the login
 * form.
 */
async function reportLighthouse(
  email: string,
  { runs, verbose, reports, formFactor, pages }: Options,
): Promise<void> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(E2E.repoRoot, '.tmp', 'bench-web-profile-'));
  // viewport null: no Playwright emulation on Lighthouse's tab; Lighthouse applies its own screen.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.executablePath,
    args: [...CHROMIUM.args, `--remote-debugging-port=${port}`],
    baseURL: E2E.baseUrl,
    viewport: null,
  });
  try {
    const preset = formFactor === 'desktop' ? 'desktop preset' : 'mobile: its default phone and slow 4G';
    console.log(`Lighthouse (${preset}, ${runs} run${runs === 1 ? '' : 's'} per page)\n`);
    const tab = context.pages()[0] ?? (await context.newPage());
    let signedIn = false;
    for (const page of pages) {
      const url = `${E2E.baseUrl}${page.path}`;
      let results: Result[];
      if (page.path === '/login') {
        results = await auditRuns(url, runs, reports, page.report, () =>
          audit(url, port, 'first', formFactor),
        );
      } else {
        if (!signedIn) {
          await signIn(tab, email);
          await tab.goto('about:blank');
          signedIn = true;
        }
        results = await auditRuns(url, runs, reports, page.report, async () => {
          await clearHttpCache(context, tab);
          return audit(url, port, 'signed-in', formFactor);
        });
      }
      console.log(`${formatRuns(page.title, results, verbose)}\n`);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function auditRuns(
  url: string,
  runs: number,
  reports: string | undefined,
  name: string,
  run: () => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let i = 1; i <= runs; i++) {
    process.stderr.write(`Lighthouse ${url} run ${i} of ${runs}...\n`);
    const result = await runAgainIfUnrecorded(run);
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      fs.writeFileSync(path.join(reports, `${name}-${i}.json`), JSON.stringify(result));
    }
    results.push(result);
  }
  return results;
}

/** A run Lighthouse could not record is run again, twice at most, so one hiccup does not end the bench. */
async function runAgainIfUnrecorded(run: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error;
      process.stderr.write(`${error.message}; running it again\n`);
    }
  }
}

/** Every run starts with a cold cache, as a signed-out run does after Lighthouse's storage reset. */
async function clearHttpCache(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/** A port the operating system says is free, for Chromium's debugging endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
