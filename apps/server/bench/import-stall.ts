/**
 * `npm run bench:import -w @pushup/server [-- --seconds S --users N --entries M]`
 *
 * What an import costs everyone else (docs/performance.md, "Imports and everyone else"): seeds a
 * fresh database (a temp SQLite file; with DATABASE_URL a fresh schema of that PostgreSQL, dropped
 * afterwards), starts one API process as `npm start` runs it (bench/server.ts, bundled), and reads
 * another user's leaderboard 20 times a second, on a fixed schedule whatever the answers take (so a
 * stall is measured, not skipped), while
 *
 * 1. nothing else runs (the baseline);
 * 2. three users each preview a 50,000-row `date,count` file (745 KB) back to back for S seconds,
 *    waiting `retry-after` when refused, as the web app's user would;
 * 3. three streams preview the same file back to back for S seconds, each moving on to another of
 *    its ten accounts when one is refused: the parse itself under load, whatever one user may do;
 * 4. three users commit the file at the same time, once each.
 *
 * It prints the leaderboard's median, p99 and slowest answer in each phase, and what the imports got.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, dayInZone, EARLIEST_DAY, IMPORT_MAX_ROWS } from '@pushup/shared';
import { bundleServer } from '../scripts/build.mjs';
import { migrateToLatest } from '../src/db/migrate';
import { openBenchDatabase } from './database';
import { uidOf, zoneOf } from './identity';
import { seed } from './seed';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    users: { type: 'string', default: '1000' },
    entries: { type: 'string', default: '100000' },
  },
});
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const ENTRIES = Number(args.entries);
const IMPORTERS = 3;
const ACCOUNTS_PER_STREAM = 10;
const READS_PER_SECOND = 20;
const BASELINE_SECONDS = 5;
if (![SECONDS, USERS, ENTRIES].every((n) => Number.isInteger(n) && n > 0) || USERS < 100) {
  console.error('usage: npm run bench:import -- [--seconds S] [--users N (>= 100)] [--entries M]');
  process.exit(1);
}

const SERVER_FILE = fileURLToPath(new URL('../dist/import-bench-server.mjs', import.meta.url));
await bundleServer(fileURLToPath(new URL('./server.ts', import.meta.url)), SERVER_FILE);
const START_FLAGS = (
  (await import('../package.json', { with: { type: 'json' } })).default.scripts.start as string
)
  .split(' ')
  .filter((word) => word.startsWith('--'));

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; address: string }> {
  const child = fork(SERVER_FILE, {
    env: { ...process.env, ...env },
    execArgv: START_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, address: (message as { address: string }).address }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
}

/**
 * 50,000 `date,count` rows on days from 2025-01-01 to yesterday, counts of three digits: 745 KB,
 * the file of the probe that found the stall.
 */
function previewFile(): string {
  const last = addDays(dayInZone(new Date(), 'UTC'), -1);
  const days: string[] = [];
  for (let day = EARLIEST_DAY; day <= last; day = addDays(day, 1)) days.push(day);
  let csv = 'date,count\n';
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
    csv += `${days[i % days.length]},${100 + ((i * 37) % 900)}\n`;
  }
  return csv;
}

const headersOf = (user: number) => ({
  authorization: `Bearer ${uidOf(user)}`,
  'x-timezone': zoneOf(user),
});

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

interface Latencies {
  median: number;
  p99: number;
  max: number;
  count: number;
  errors: number;
}

/**
 * Reads `user`'s leaderboard READS_PER_SECOND times a second until `stop` resolves: each request
 * leaves on its schedule whether or not the earlier ones have answered.
 */
async function sampleLeaderboard(address: string, user: number, stop: Promise<void>): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const headers = headersOf(user);
  while (!stopped) {
    const started = performance.now();
    pending.push(
      fetch(`${address}/api/pushups/leaderboard`, { headers }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - started);
          else errors++;
        },
        () => {
          errors++;
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / READS_PER_SECOND));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    median: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    count: latencies.length,
    errors,
  };
}

interface ImportTally {
  done: number;
  refused: number;
  other: number;
  /** Milliseconds of each import that was done. */
  took: number[];
}

const newTally = (): ImportTally => ({ done: 0, refused: 0, other: 0, took: [] });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One import request; its status and how long it took. */
async function importOnce(address: string, user: number, path: string, body: string) {
  const started = performance.now();
  const response = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { ...headersOf(user), 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    ms: performance.now() - started,
    retryAfter: Number(response.headers.get('retry-after') ?? '1'),
  };
}

function count(tally: ImportTally, result: { status: number; ms: number }) {
  if (result.status === 200) {
    tally.done++;
    tally.took.push(result.ms);
  } else if (result.status === 429) tally.refused++;
  else tally.other++;
}

/** Previews back to back until `until`, as `accounts[0]`, moving on to the next account when refused (or waiting). */
async function previewStream(
  address: string,
  accounts: number[],
  body: string,
  until: number,
  tally: ImportTally,
  onRefusal: 'wait' | 'next account',
) {
  let current = 0;
  while (performance.now() < until) {
    const result = await importOnce(
      address,
      accounts[current] as number,
      '/api/pushups/import/preview',
      body,
    );
    count(tally, result);
    if (result.status !== 429) continue;
    if (onRefusal === 'next account') current = (current + 1) % accounts.length;
    else await sleep(Math.min(Math.max(0, until - performance.now()), 1000 * result.retryAfter));
  }
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;

async function main() {
  const url = process.env.DATABASE_URL;
  const bench = await openBenchDatabase(url, { users: USERS, entries: ENTRIES, keep: false });
  let server: { child: ChildProcess; address: string } | undefined;
  try {
    await migrateToLatest(bench.handle);
    console.log(`Seeding ${USERS.toLocaleString('en')} users and ${ENTRIES.toLocaleString('en')} entries...`);
    await seed(bench.handle.db, bench.handle.engine, { userCount: USERS, entryCount: ENTRIES });
    server = await startServer(bench.env);
    const { address } = server;
    const csv = previewFile();
    const body = JSON.stringify({ csv });
    // The reader is a seeded user with entries; the importers are the last users (seeded with few).
    const reader = 1;
    const importer = (i: number) => USERS - 1 - i;
    // Warm up: the leaderboard's cache and one preview's code paths.
    await sampleLeaderboard(address, reader, sleep(1000));
    await importOnce(
      address,
      importer(IMPORTERS * (ACCOUNTS_PER_STREAM + 1)),
      '/api/pushups/import/preview',
      body,
    );

    const loadBefore = os.loadavg()[0] as number;
    const rows: string[][] = [];
    const tallies: [string, ImportTally][] = [];
    const phase = async (
      name: string,
      load: (until: number) => Promise<ImportTally | null>,
      seconds: number,
    ) => {
      process.stdout.write(`${name}...\n`);
      let release = () => {};
      const stop = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sampling = sampleLeaderboard(address, reader, stop);
      const until = performance.now() + seconds * 1000;
      const tally = await load(until);
      const left = until - performance.now();
      if (left > 0 && !tally) await sleep(left);
      release();
      const latencies = await sampling;
      rows.push([
        name,
        String(latencies.count),
        fmt(latencies.median),
        fmt(latencies.p99),
        fmt(latencies.max),
        String(latencies.errors),
      ]);
      if (tally) tallies.push([name, tally]);
    };

    await phase('nothing else', async () => null, BASELINE_SECONDS);
    await phase(
      `${IMPORTERS} users preview 50,000 rows back to back`,
      async (until) => {
        const tally = newTally();
        await Promise.all(
          Array.from({ length: IMPORTERS }, (_, i) =>
            previewStream(address, [importer(i)], body, until, tally, 'wait'),
          ),
        );
        return tally;
      },
      SECONDS,
    );
    await phase(
      `${IMPORTERS} streams preview 50,000 rows, ${ACCOUNTS_PER_STREAM} accounts each`,
      async (until) => {
        const tally = newTally();
        await Promise.all(
          Array.from({ length: IMPORTERS }, (_, i) =>
            previewStream(
              address,
              Array.from({ length: ACCOUNTS_PER_STREAM }, (_, k) =>
                importer(IMPORTERS + i * ACCOUNTS_PER_STREAM + k),
              ),
              body,
              until,
              tally,
              'next account',
            ),
          ),
        );
        return tally;
      },
      SECONDS,
    );
    await phase(
      `${IMPORTERS} users commit 50,000 rows at once`,
      async () => {
        const tally = newTally();
        // Users who imported nothing yet (seeded with many entries, as the busiest are).
        const results = await Promise.all(
          Array.from({ length: IMPORTERS }, (_, i) =>
            importOnce(address, 2 + i, '/api/pushups/import', body),
          ),
        );
        for (const result of results) count(tally, result);
        return tally;
      },
      0,
    );

    console.log('');
    console.log(`engine:      ${bench.label}`);
    console.log(
      `data:        ${USERS.toLocaleString('en')} users, ${ENTRIES.toLocaleString('en')} entries; the file: 50,000 rows, ${(Buffer.byteLength(csv) / 1000).toFixed(0)} KB`,
    );
    console.log(
      `reader:      another user's GET /api/pushups/leaderboard, ${READS_PER_SECOND} a second on a fixed schedule`,
    );
    // Others' processes on the machine stretch every figure: the load says how busy it was.
    console.log(
      `machine:     ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before the phases, ${(os.loadavg()[0] as number).toFixed(1)} after`,
    );
    console.log('');
    const table = (header: string[], lines: string[][]) => {
      const widths = header.map((h, c) =>
        Math.max(h.length, ...lines.map((line) => (line[c] as string).length)),
      );
      const show = (cells: string[]) =>
        `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
      console.log(show(header));
      console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
      for (const line of lines) console.log(show(line));
    };
    table(['while', 'reads', 'median', 'p99', 'slowest', 'errors'], rows);
    console.log('');
    table(
      ['imports', 'done (200)', 'refused (429)', 'other', 'median time', 'slowest'],
      tallies.map(([name, tally]) => {
        const took = [...tally.took].sort((a, b) => a - b);
        return [
          name,
          String(tally.done),
          String(tally.refused),
          String(tally.other),
          fmt(percentile(took, 0.5)),
          fmt(took[took.length - 1] ?? Number.NaN),
        ];
      }),
    );
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await bench.close();
  }
}

await main();
