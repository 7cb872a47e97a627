import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { median, table } from './format';

/**
 * docs/performance.md, "Targets": the scores on the built app, on both profiles (docs/product.md,
 * "Budgets", sets them for the desktop preset), and a cumulative layout shift under 0.1.
 */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
const LAYOUT_SHIFT_BELOW = 0.1;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

const METRICS: { label: string; audit: string; unit: 'ms' | 'score'; below?: number }[] = [
  { label: 'FCP', audit: 'first-contentful-paint', unit: 'ms' },
  { label: 'LCP', audit: 'largest-contentful-paint', unit: 'ms' },
  { label: 'TBT', audit: 'total-blocking-time', unit: 'ms' },
  { label: 'CLS', audit: 'cumulative-layout-shift', unit: 'score', below: LAYOUT_SHIFT_BELOW },
  { label: 'Speed Index', audit: 'speed-index', unit: 'ms' },
];

/** Lighthouse's desktop preset, or its default: a mid-range phone on a slow 4G network. */
export type FormFactor = 'desktop' | 'mobile';

/**
 * A run that Lighthouse itself could not record (NO_NAVSTART, say: 'Please run Lighthouse again'),
 * which happens now and then on a busy machine; the caller may run it again.
 */
export class LighthouseRunError extends Error {
  constructor(url: string, code: string, message: string) {
    super(`Lighthouse failed on ${url}: ${code} ${message}`);
  }
}

/**
 * One Lighthouse run (desktop preset, or the mobile default) in a new tab of the Chromium that
 * listens on `port`. A first
 * visit starts with no storage at all (Lighthouse by default keeps IndexedDB and local storage, which
 * Firebase writes). A signed-in visit keeps the profile's storage, the Firebase session; the caller
 * empties the HTTP cache instead.
 */
export async function audit(
  url: string,
  port: number,
  visitor: 'first' | 'signed-in',
  formFactor: FormFactor,
): Promise<Result> {
  const storage =
    visitor === 'first' ? { clearStorageTypes: ['all' as const] } : { disableStorageReset: true };
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], ...storage },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { runtimeError, finalDisplayedUrl } = result.lhr;
  if (runtimeError) throw new LighthouseRunError(url, runtimeError.code, runtimeError.message);
  // The app's guards redirect in the page: a lost session would score /login instead of /.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse asked for ${url} but ended on ${finalDisplayedUrl}`);
  }
  return result.lhr;
}

function score(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function metric(lhr: Result, auditId: string): number {
  return lhr.audits[auditId]?.numericValue ?? Number.NaN;
}

function formatMetric(value: number, unit: 'ms' | 'score'): string {
  if (unit === 'score') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/**
 * Each run's scores and key metrics, their medians, and whether each median meets its target; the
 * failed audits of a category that misses it (of every category with `verbose`).
 */
export function formatRuns(title: string, runs: Result[], verbose: boolean): string {
  const header = [title, ...runs.map((_, i) => `run ${i + 1}`), 'median', 'target', ''];
  const scoreRows = CATEGORIES.map((category) => {
    const scores = runs.map((lhr) => score(lhr, category));
    const middle = median(scores);
    const target = TARGETS[category];
    return [
      category,
      ...scores.map(String),
      String(middle),
      target === 100 ? '100' : `>= ${target}`,
      middle >= target ? 'ok' : 'MISSED',
    ];
  });
  const metricRows = METRICS.map(({ label, audit: id, unit, below }) => {
    const values = runs.map((lhr) => metric(lhr, id));
    const middle = median(values);
    const verdict = below === undefined ? ['', ''] : [`< ${below}`, middle < below ? 'ok' : 'MISSED'];
    return [label, ...values.map((v) => formatMetric(v, unit)), formatMetric(middle, unit), ...verdict];
  });
  // Lighthouse's measure of the machine's speed during the run: a busy machine scores lower, and
  // Lighthouse counts the longer tasks it causes as blocking time.
  const speed = runs.map((lhr) => String(Math.round(lhr.environment.benchmarkIndex)));
  return [
    table([header, ...scoreRows, ...metricRows, ['benchmark index', ...speed, '', '', '']]),
    ...failedAudits(runs, verbose),
    ...warnings(runs),
  ].join('\n');
}

/** What failed in the run that scored the median, for each category that misses its target (or all). */
function failedAudits(runs: Result[], all: boolean): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    const scores = runs.map((lhr) => score(lhr, category));
    const middle = median(scores);
    const missed = middle < TARGETS[category];
    if (!missed && !all) continue;
    const index = closestIndex(scores, middle);
    const failed = failedIn(runs[index], category);
    if (failed.length === 0) continue;
    const verdict = missed ? `misses ${TARGETS[category]}` : 'meets its target';
    lines.push(`  ${category} ${middle} ${verdict}; failed audits in run ${index + 1}:`, ...failed);
  }
  return lines;
}

/** Audits below Lighthouse's own pass mark (0.9), as the report lists them. */
function failedIn(lhr: Result | undefined, category: Category): string[] {
  if (!lhr) return [];
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const result = lhr.audits[ref.id];
    if (!result || result.score === null || result.score >= 0.9) return [];
    const value = result.displayValue ? ` (${result.displayValue})` : '';
    return [
      `    - ${ref.id}: ${result.title}${value}, score ${result.score.toFixed(2)}, weight ${ref.weight}`,
    ];
  });
}

function closestIndex(values: number[], target: number): number {
  let best = 0;
  values.forEach((value, index) => {
    if (Math.abs(value - target) < Math.abs((values[best] ?? 0) - target)) best = index;
  });
  return best;
}

/** Lighthouse's own warnings (e.g. stored data that may affect loading), once each. */
function warnings(runs: Result[]): string[] {
  const unique = new Set(runs.flatMap((lhr) => lhr.runWarnings.map(String)));
  return [...unique].map((warning) => `  warning: ${warning}`);
}
