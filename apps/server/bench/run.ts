/**
 * `npm run bench [-- --users N --entries M --seconds S --connections C --processes P --only TEXT --explain --profile DIR --statements --keep-data]`
 *
 * Seeds a fresh database (a temp SQLite file; with DATABASE_URL a fresh schema of that PostgreSQL,
 * dropped afterwards, or with --keep-data a kept one: bench/database.ts), starts P API processes on
 * it (bench/server.ts), and drives them over HTTP with autocannon, page by page: once as a single
 * user (the page's own latency), once with C users at once (throughput under load). Then it asks
 * every process the same questions and checks that they answer alike and that the running totals
 * and rank bands still add up.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  addDays,
  dayInZone,
  EARLIEST_DAY,
  type GroupAchievements,
  type GroupMemberPushups,
  LEADERBOARD_SIZE,
  type LeaderboardRow,
} from '@pushup/shared';
import { sql } from 'kysely';
import { bundleServer } from '../scripts/build.mjs';
import type { DbHandle } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { recountRankBuckets } from '../src/db/rank-buckets';
import { GROUP_LATEST_ACHIEVEMENTS } from '../src/services/habits/latest-achievements';
import { openBenchDatabase } from './database';
import { explainQueries } from './explain';
import { BARE_ROUTE, BENCH_OPERATOR, uidOf, zoneOf } from './identity';
import { cpuMs, drive, type LoadRequest, type LoadResult, peakMemoryMb } from './load';
import { BENCH_PLAN_SETS, BIG_GROUP_SIZE, GROUP_SIZE, type Seeded, seed } from './seed';
import {
  openStatementCounter,
  type PageStatements,
  printStatements,
  type StatementCounter,
} from './statements';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    processes: { type: 'string', default: '1' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
    // A V8 CPU profile of each API process, written into this folder when it stops (open it in
    // Chrome's DevTools): where a page's time goes before choosing how to speed it up.
    profile: { type: 'string' },
    // PostgreSQL: the statements each page ran under load (bench/statements.ts).
    statements: { type: 'boolean', default: false },
    // PostgreSQL: seed into a schema kept for the next run of the same size (bench/database.ts).
    'keep-data': { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const ENTRIES = Number(args.entries);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const PROCESSES = Number(args.processes);
if (![USERS, ENTRIES, SECONDS, CONNECTIONS, PROCESSES].every((n) => Number.isInteger(n) && n > 0)) {
  console.error(
    'usage: npm run bench -- [--users N] [--entries M] [--seconds S] [--connections C] [--processes P] [--only TEXT] [--explain] [--profile DIR] [--statements] [--keep-data]',
  );
  process.exit(1);
}
/** A single user's run is shorter: its latency settles within a few thousand requests. */
const SINGLE_USER_SECONDS = Math.max(2, Math.ceil(SECONDS / 2));
const WARM_UP_SECONDS = 1;

interface Server {
  child: ChildProcess;
  address: string;
}

/**
 * bench/server.ts built as `npm start` runs the server (scripts/build.mjs: plain Node, no tsx), so
 * that the memory and speed measured are the production process's.
 */
const BENCH_SERVER = fileURLToPath(new URL('../dist/bench-server.mjs', import.meta.url));
await bundleServer(fileURLToPath(new URL('./server.ts', import.meta.url)), BENCH_SERVER);
/** Node's options of `npm start` (package.json), so the bench's processes run with the same heap. */
const START_FLAGS = (
  (await import('../package.json', { with: { type: 'json' } })).default.scripts.start as string
)
  .split(' ')
  .filter((word) => word.startsWith('--'));

/** One API process (bench/server.ts) on the seeded database; resolves once it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(BENCH_SERVER, {
    env: { ...process.env, ...env },
    execArgv: [...START_FLAGS, ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, address: (message as { address: string }).address }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
  });
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** A request as seeded user `user` (bearer token and time zone, as the web app sends them). */
function as(user: number, method: LoadRequest['method'], path: string, body?: unknown): LoadRequest {
  return {
    method,
    path,
    headers: {
      authorization: `Bearer ${uidOf(user)}`,
      'x-timezone': zoneOf(user),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** The ceiling, and the cheapest authenticated read that every read is compared with. */
const BARE_PAGE = 'bare route (no auth, no database)';
const REFERENCE_PAGE = 'profile';
/**
 * The profile page again, after every other page: in full runs the same page has answered up to a
 * fifth less at the end than at the start, so a read is compared with the mean of the two, not with
 * whichever end of the run it stands nearer to (docs/performance.md, "Why shares of the profile page").
 */
const REFERENCE_PAGE_AGAIN = 'profile, again at the end';
/**
 * On SQLite, every read at C users reaches at least this share of the profile page's req/s
 * (docs/performance.md, "Targets").
 */
const READ_SHARE_TARGET = 0.5;
/** The pages that write: held to their own rate, not to a share of the profile page's. */
const WRITE_PAGES = ['log an entry', 'finish a workout'];
/** The operators' pages: whole-instance reads of one person, not held to a share of the profile page's. */
const OPERATOR_PAGES = [
  'admin: usage (operator)',
  'admin: audit trail (operator)',
  'admin: user search (operator)',
] as const;

/** How many users' progress pictures the cached share picture's page asks for. */
const SHARED_PICTURE_USERS = 20;
const PROGRESS_PICTURE = '/api/share-cards/progress';

interface Page {
  name: string;
  next: () => LoadRequest;
  /** The median a single user must see, in ms, on this engine. */
  target?: number;
  /** Driven by one user only (warm-up included): a page one person opens now and then. */
  oneUser?: true;
  /** Asked before the warm-up, with the API processes' addresses: what `next` needs to know first. */
  prepare?: (addresses: string[]) => Promise<void>;
}

function pages(seeded: Seeded, engine: 'sqlite' | 'postgres'): Page[] {
  const randomUser = () => Math.floor(Math.random() * USERS);
  // A user in a group (the last few users may be in none).
  const randomMember = () => Math.floor(Math.random() * seeded.groupIds.length * GROUP_SIZE);
  const groupOf = (user: number) => seeded.groupIds[Math.floor(user / GROUP_SIZE)] as string;
  let sampled = 0;
  const nextSample = () => seeded.samples[sampled++ % seeded.samples.length] as Seeded['samples'][number];
  // docs/product.md, "Budgets" (1M entries on SQLite) and docs/performance.md, "Targets" (10M on
  // PostgreSQL).
  const pageTarget = engine === 'sqlite' ? 10 : 20;
  const profile = () => as(randomUser(), 'GET', '/api/users/profile');
  // Each of the first users' progress picture's ETag, read by its page's `prepare`.
  const pictureTags: string[] = [];
  /**
   * Asks for each of the first users' pictures once, one after another, and keeps the ETag each
   * answer gave: the timed runs find them drawn (a drawing is 40-200 ms, so twenty of them outlasted
   * the one-second warm-up on a busy machine and fell into the timed runs).
   */
  const drawPictures = async ([address]: readonly string[]) => {
    for (let user = 0; user < SHARED_PICTURE_USERS; user++) {
      const { headers } = as(user, 'GET', PROGRESS_PICTURE);
      const response = await fetch(`${address}${PROGRESS_PICTURE}`, { headers });
      await response.arrayBuffer();
      pictureTags[user] = response.headers.get('etag') ?? '';
    }
  };
  return [
    // The limit this machine sets: every other figure reads as a distance from it.
    { name: BARE_PAGE, next: () => ({ method: 'GET', path: BARE_ROUTE, headers: {} }) },
    {
      name: 'log an entry',
      // A fresh entry id per request, as the web app makes one on the device (decision 017).
      next: () =>
        as(randomUser(), 'POST', '/api/pushups', {
          count: 1 + Math.floor(Math.random() * 50),
          uuid: randomUUID(),
        }),
      target: engine === 'sqlite' ? 5 : pageTarget,
    },
    {
      name: 'finish a workout',
      // The seeded plans stay at their first session: a workout that misses its targets repeats it,
      // so every request is valid whichever ran before it (docs/performance.md, "Training plans").
      next: () =>
        as(randomUser(), 'POST', '/api/workouts', {
          id: randomUUID(),
          session: 0,
          sets: BENCH_PLAN_SETS.map((reps) => reps - 1 - Math.floor(Math.random() * 10)),
        }),
      target: engine === 'sqlite' ? 5 : pageTarget,
    },
    { name: REFERENCE_PAGE, next: profile },
    {
      name: 'a day’s history',
      next: () => {
        const { user, day } = nextSample();
        return as(user, 'GET', `/api/pushups?from=${day}&to=${day}`);
      },
      target: pageTarget,
    },
    { name: '30 daily sums', next: () => as(randomUser(), 'GET', '/api/pushups/daily') },
    {
      // The year heatmap's days: the daily sums of the 12 months up to the user's today.
      name: 'heatmap (a year of days)',
      next: () => {
        const user = randomUser();
        const today = dayInZone(new Date(), zoneOf(user));
        return as(user, 'GET', `/api/pushups/daily?from=${addDays(today, -364)}&to=${today}`);
      },
    },
    {
      name: 'leaderboard',
      next: () => as(randomUser(), 'GET', '/api/pushups/leaderboard'),
      target: pageTarget,
    },
    {
      name: 'group stats',
      next: () => {
        const user = randomMember();
        return as(user, 'GET', `/api/groups/${groupOf(user)}/stats`);
      },
    },
    { name: 'suggested groups', next: () => as(randomUser(), 'GET', '/api/groups/suggested') },
    { name: 'streak', next: () => as(randomUser(), 'GET', '/api/pushups/streak'), target: pageTarget },
    { name: 'records', next: () => as(randomUser(), 'GET', '/api/pushups/records'), target: pageTarget },
    { name: 'achievements', next: () => as(randomUser(), 'GET', '/api/achievements'), target: pageTarget },
    { name: 'today’s plan', next: () => as(randomUser(), 'GET', '/api/plan'), target: pageTarget },
    {
      name: 'members’ achievements',
      next: () => {
        const user = randomMember();
        return as(user, 'GET', `/api/groups/${groupOf(user)}/achievements`);
      },
    },
    {
      name: 'members’ day sums',
      next: () => {
        const user = randomMember();
        return as(user, 'GET', `/api/pushups/group/${groupOf(user)}/members`);
      },
    },
    {
      name: 'challenge page (100 members)',
      next: () => {
        const user = randomUser();
        const big = seeded.bigGroups[Math.floor(user / BIG_GROUP_SIZE)] ?? seeded.bigGroups[0];
        return as(user, 'GET', `/api/groups/${big?.groupId}/challenges/${big?.challengeId}`);
      },
    },
    {
      name: 'group feed (100 members)',
      next: () => {
        const user = randomUser();
        const big = seeded.bigGroups[Math.floor(user / BIG_GROUP_SIZE)] ?? seeded.bigGroups[0];
        return as(user, 'GET', `/api/groups/${big?.groupId}/feed`);
      },
    },
    {
      // A share picture already drawn (docs/performance.md, "Share pictures"): the reads that name it,
      // its hash, and the cached PNG. The first 20 users only, each drawn once beforehand.
      name: 'share picture (cached)',
      prepare: drawPictures,
      next: () => as(Math.floor(Math.random() * SHARED_PICTURE_USERS), 'GET', PROGRESS_PICTURE),
    },
    {
      // The same pictures asked again by a browser that holds them (their cache-control is no-cache):
      // the ETag the first answer gave, a 304 without the PNG.
      name: 'share picture (revalidated)',
      prepare: drawPictures,
      next: () => {
        const user = Math.floor(Math.random() * SHARED_PICTURE_USERS);
        const request = as(user, 'GET', PROGRESS_PICTURE);
        return { ...request, headers: { ...request.headers, 'if-none-match': pictureTags[user] ?? '' } };
      },
    },
    // The operators' admin page (docs/product.md, "Calls"): one operator's reads of the whole
    // instance, driven as one user (nobody opens it 50 times at once), held to their own median.
    {
      name: OPERATOR_PAGES[0],
      next: () => as(BENCH_OPERATOR, 'GET', '/api/admin/usage'),
      target: engine === 'sqlite' ? 100 : 500,
      oneUser: true,
    },
    {
      name: OPERATOR_PAGES[1],
      next: () => as(BENCH_OPERATOR, 'GET', '/api/admin/audit'),
      target: pageTarget,
      oneUser: true,
    },
    {
      // A search by part of a name or address: no index serves "contains", so each page reads every
      // user's name and address, and counts the matches (docs/performance.md, "The admin page's user
      // search and disabled accounts"). Three digits match a few dozen of the 10,000 seeded users.
      name: OPERATOR_PAGES[2],
      next: () =>
        as(
          BENCH_OPERATOR,
          'GET',
          `/api/admin/users?q=${String(randomUser() % 1000).padStart(3, '0')}&limit=25`,
        ),
      target: engine === 'sqlite' ? 50 : 100,
      oneUser: true,
    },
    {
      // Signed out, every part shown (bench/seed.ts): the year's days, streak, records, achievements.
      name: 'public profile (signed out)',
      next: () => ({
        method: 'GET',
        path: `/api/public/profiles/bench_${String(randomUser()).padStart(6, '0')}`,
        headers: {},
      }),
    },
    { name: REFERENCE_PAGE_AGAIN, next: profile },
  ];
}

/** The answer of one GET, as text, from one process. */
async function answer(address: string, request: LoadRequest): Promise<string> {
  const response = await fetch(`${address}${request.path}`, { headers: request.headers });
  return `${response.status} ${await response.text()}`;
}

/**
 * After the load: every process answers the same reads alike (no per-process state), and the
 * running totals and rank bands still agree with the entries they come from.
 */
async function checkConsistency(servers: Server[], seeded: Seeded, bench: { handle: DbHandle }) {
  const users = Array.from({ length: 20 }, () => Math.floor(Math.random() * USERS));
  const reads = users.flatMap((user) => {
    const group = seeded.groupIds[Math.floor(user / GROUP_SIZE)];
    return [
      as(user, 'GET', '/api/users/profile'),
      as(user, 'GET', '/api/pushups'),
      as(user, 'GET', '/api/pushups/daily'),
      as(user, 'GET', '/api/pushups/leaderboard'),
      as(user, 'GET', '/api/pushups/streak'),
      as(user, 'GET', '/api/pushups/records'),
      as(user, 'GET', '/api/achievements'),
      ...(group
        ? [as(user, 'GET', `/api/groups/${group}/stats`), as(user, 'GET', `/api/groups/public/${group}`)]
        : []),
    ];
  });
  let alike = 0;
  for (const request of reads) {
    const answers = await Promise.all(servers.map((server) => answer(server.address, request)));
    if (answers.every((a) => a === answers[0]) && answers[0]?.startsWith('2')) alike++;
  }

  const { db } = bench.handle;
  const sampleUuids = users.map((user) => seeded.userUuids[user] as string);
  const summed = await db
    .selectFrom('pushups')
    .select((eb) => ['user_uuid', eb.fn.sum<number | string>('count').as('sum')])
    .where('user_uuid', 'in', sampleUuids)
    .groupBy('user_uuid')
    .execute();
  const stored = await db
    .selectFrom('user_totals')
    .select(['user_uuid', 'total'])
    .where('user_uuid', 'in', sampleUuids)
    .execute();
  const totalOf = new Map(stored.map((row) => [row.user_uuid, row.total]));
  const exactTotals = summed.filter((row) => totalOf.get(row.user_uuid) === Number(row.sum)).length;

  const recounted = await recountRankBuckets(db);
  const bands = await db.selectFrom('rank_buckets').select(['bucket', 'users']).orderBy('bucket').execute();
  const exactBands = bands.every((row) => row.users === recounted[row.bucket]);

  // The leaderboard each process caches (decision 027) against the top 100 recounted from the
  // entries: the same users with the same totals, in the same order (ties by name).
  const recountedTop = await db
    .selectFrom('pushups')
    .innerJoin('users', 'users.uuid', 'pushups.user_uuid')
    .select((eb) => ['users.username', 'users.username_lower', eb.fn.sum<number | string>('count').as('sum')])
    .groupBy(['users.uuid', 'users.username', 'users.username_lower'])
    .orderBy('sum', 'desc')
    .orderBy('users.username_lower')
    .limit(LEADERBOARD_SIZE)
    .execute();
  const expectedTop = recountedTop.map((row) => `${row.username}:${Number(row.sum)}`).join();
  let exactBoards = 0;
  for (const server of servers) {
    const response = await fetch(`${server.address}/api/pushups/leaderboard`, {
      headers: as(0, 'GET', '/').headers,
    });
    const rows = (await response.json()) as LeaderboardRow[];
    const top = rows.filter((row) => !row.hidden).slice(0, LEADERBOARD_SIZE);
    if (top.map((row) => `${row.username}:${row.total}`).join() === expectedTop) exactBoards++;
  }

  // What each process caches of a group's members (decisions 027 and 028), against a recount
  // from the entries and the achievements: every member's day sums, and latest achievements that
  // are theirs and as many as they have earned (up to GROUP_LATEST_ACHIEVEMENTS).
  let groupPages = 0;
  let exactGroupPages = 0;
  for (const user of users.slice(0, 5)) {
    const group = seeded.groupIds[Math.floor(user / GROUP_SIZE)];
    if (!group) continue;
    const today = dayInZone(new Date(), zoneOf(user));
    const days = await db
      .selectFrom('pushups')
      .innerJoin('group_members', 'group_members.user_uuid', 'pushups.user_uuid')
      .innerJoin('users', 'users.uuid', 'pushups.user_uuid')
      .select((eb) => ['users.username', 'pushups.day', eb.fn.sum<number | string>('count').as('sum')])
      .where('group_members.group_id', '=', group)
      .where('pushups.day', '>=', EARLIEST_DAY)
      .where('pushups.day', '<=', today)
      .groupBy(['users.username', 'pushups.day'])
      .orderBy('pushups.day')
      .execute();
    const earned = await db
      .selectFrom('achievements')
      .innerJoin('group_members', 'group_members.user_uuid', 'achievements.user_uuid')
      .innerJoin('users', 'users.uuid', 'achievements.user_uuid')
      .select(['users.username', 'achievements.achievement_id'])
      .where('group_members.group_id', '=', group)
      .execute();
    const recountedDays = (username: string) =>
      days
        .filter((row) => row.username === username)
        .map((row) => `${row.day}:${Number(row.sum)}`)
        .join();
    const earnedBy = (username: string) =>
      new Set(earned.filter((row) => row.username === username).map((row) => row.achievement_id));
    for (const server of servers) {
      const headers = as(user, 'GET', '/').headers;
      const [members, latest] = await Promise.all([
        fetch(`${server.address}/api/pushups/group/${group}/members`, { headers }).then(
          (r) => r.json() as Promise<GroupMemberPushups>,
        ),
        fetch(`${server.address}/api/groups/${group}/achievements`, { headers }).then(
          (r) => r.json() as Promise<GroupAchievements>,
        ),
      ]);
      groupPages++;
      const daysExact = members.every(
        (m) => m.days.map((d) => `${d.day}:${d.total}`).join() === recountedDays(m.username),
      );
      const latestExact = latest.every((m) => {
        const theirs = earnedBy(m.username);
        return (
          m.latest.length === Math.min(theirs.size, GROUP_LATEST_ACHIEVEMENTS) &&
          m.latest.every((a) => theirs.has(a.id))
        );
      });
      if (members.length === GROUP_SIZE && latest.length === GROUP_SIZE && daysExact && latestExact) {
        exactGroupPages++;
      }
    }
  }

  return {
    reads: reads.length,
    alike,
    users: summed.length,
    exactTotals,
    exactBands,
    exactBoards,
    groupPages,
    exactGroupPages,
  };
}

const fmtMs = (ms: number) => (ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(1)} ms`);

function verdict(page: Page, result: LoadResult, engine: 'sqlite' | 'postgres'): string {
  if (result.connections === 1) {
    if (page.target === undefined) return '';
    return `median < ${page.target} ms: ${result.median < page.target ? 'met' : 'MISSED'}`;
  }
  // On SQLite, at least 1,000 logged entries (and finished workouts) a second with 50 users at once,
  // without errors (docs/performance.md, "Targets").
  if (WRITE_PAGES.includes(page.name) && engine === 'sqlite' && result.connections >= 50) {
    const met = result.perSecond >= 1000 && result.errors === 0;
    return `>= 1,000/s, 0 errors: ${met ? 'met' : 'MISSED'}`;
  }
  return '';
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** A page's run: its load's result, the largest API process's peak memory, the API's CPU per request. */
interface PageResult {
  page: Page;
  result: LoadResult;
  memory: number;
  cpuPerRequest: number;
}

/**
 * The table's rows: under load, each page's req/s also as a share of the profile page's (the mean
 * of its first and last runs) and of the bare route's in the same run, so every figure reads as a
 * distance from the limit.
 */
function tableRows(results: PageResult[], engine: 'sqlite' | 'postgres') {
  const underLoad = (name: string) =>
    results.find((r) => r.page.name === name && r.result.connections > 1)?.result.perSecond;
  const profiles = [underLoad(REFERENCE_PAGE), underLoad(REFERENCE_PAGE_AGAIN)].filter(
    (n) => n !== undefined,
  );
  const profile = profiles.length > 0 ? profiles.reduce((a, b) => a + b) / profiles.length : undefined;
  const bare = underLoad(BARE_PAGE);
  const share = (perSecond: number, of: number | undefined) =>
    of ? `${Math.round((100 * perSecond) / of)}%` : '';
  return results.map(({ page, result, memory, cpuPerRequest }) => {
    const loaded = result.connections > 1;
    const isRead =
      page.name !== BARE_PAGE &&
      !WRITE_PAGES.includes(page.name) &&
      !(OPERATOR_PAGES as readonly string[]).includes(page.name);
    const isReference = page.name === REFERENCE_PAGE || page.name === REFERENCE_PAGE_AGAIN;
    // The share target is SQLite's at 1M; PostgreSQL's reads are held to their medians.
    const shareVerdict =
      engine === 'sqlite' && loaded && isRead && profile && !isReference
        ? `>= ${READ_SHARE_TARGET * 100}% of profile: ${result.perSecond >= READ_SHARE_TARGET * profile ? 'met' : 'MISSED'}`
        : '';
    return [
      page.name,
      String(result.connections),
      Math.round(result.perSecond).toLocaleString('en'),
      loaded ? share(result.perSecond, profile) : '',
      loaded ? share(result.perSecond, bare) : '',
      fmtMs(result.median),
      fmtMs(result.p99),
      String(result.errors),
      fmtMs(cpuPerRequest),
      `${memory.toFixed(0)} MB`,
      [verdict(page, result, engine), shareVerdict].filter(Boolean).join('; '),
    ];
  });
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const bench = await openBenchDatabase(url, { users: USERS, entries: ENTRIES, keep: args['keep-data'] });
  const servers: Server[] = [];
  if (args.statements && !url)
    console.log('--statements: PostgreSQL only (pg_stat_statements); ignored on SQLite.');
  let statements: StatementCounter | null = null;
  try {
    if (args.statements && url) statements = await openStatementCounter(url);
    const { handle } = bench;
    await migrateToLatest(handle);
    let seeded: Seeded;
    if (bench.reuse) {
      seeded = await bench.reuse.load();
      console.log(`Reusing the data seeded ${bench.reuse.seededOn}: no seeding.`);
    } else {
      console.log(
        `Seeding ${USERS.toLocaleString('en')} users and ${ENTRIES.toLocaleString('en')} entries...`,
      );
      seeded = await seed(handle.db, handle.engine, { userCount: USERS, entryCount: ENTRIES });
      await bench.keepSeeded(seeded);
      console.log(`Seeded in ${seeded.seconds.toFixed(1)} s.`);
    }
    if (args.explain) {
      const sample = seeded.samples[0] as Seeded['samples'][number];
      await explainQueries(handle, {
        userUuid: seeded.userUuids[sample.user] as string,
        day: sample.day,
        groupMembers: seeded.userUuids.slice(0, GROUP_SIZE),
      });
    }

    servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startServer(bench.env)))));
    const addresses = servers.map((server) => server.address);
    const results: PageResult[] = [];
    const pageStatements: PageStatements[] = [];
    // --only: just the pages whose name contains the text, or one of several separated by '|' (when
    // looking into one of them, or comparing a few with the profile page).
    const only = args.only?.split('|');
    for (const page of pages(seeded, handle.engine).filter(
      (p) => !only || only.some((t) => p.name.includes(t)),
    )) {
      process.stdout.write(`Driving ${page.name}...\n`);
      await page.prepare?.(addresses);
      await drive(addresses, page.oneUser ? 1 : CONNECTIONS, WARM_UP_SECONDS, page.next);
      const runs = [
        [1, SINGLE_USER_SECONDS, false],
        [CONNECTIONS, SECONDS, true],
      ] as const;
      for (const [connections, seconds, underLoad] of page.oneUser ? runs.slice(0, 1) : runs) {
        // Counted over the run under load only: its many requests make calls per request exact enough.
        if (underLoad) await statements?.reset();
        const cpuBefore = servers.reduce((sum, server) => sum + cpuMs(server.child.pid as number), 0);
        const result = await drive(addresses, connections, seconds, page.next);
        const cpu = servers.reduce((sum, server) => sum + cpuMs(server.child.pid as number), 0) - cpuBefore;
        if (underLoad && statements) pageStatements.push(await statements.read(page.name, result.requests));
        const memory = Math.max(...servers.map((server) => peakMemoryMb(server.child.pid as number)));
        results.push({ page, result, memory, cpuPerRequest: cpu / result.requests });
      }
    }
    const consistency = await checkConsistency(servers, seeded, bench);

    const entries = await handle.db
      .selectFrom('pushups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const version =
      handle.engine === 'sqlite'
        ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(handle.db)).rows[0]?.v
        : (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(handle.db)).rows[0]
            ?.v;
    console.log('');
    console.log(`engine:      ${bench.label}, version ${version}`);
    console.log(
      `data:        ${USERS.toLocaleString('en')} users, ${Number(entries.n).toLocaleString('en')} entries after the run, groups of ${GROUP_SIZE}`,
    );
    console.log(
      `load:        autocannon; per page ${SINGLE_USER_SECONDS} s as 1 user, then ${SECONDS} s as ${CONNECTIONS} users at once, each request by a random seeded user`,
    );
    console.log(
      "shares:      of profile = of the mean of the profile page's req/s at the start and at the end of the run",
    );
    console.log(
      `servers:     ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''} (bench/server.ts: the real app, bench tokens instead of Firebase); CPU = the API processes' CPU time per request (user and system); memory = peak RSS of the largest so far`,
    );
    console.log('');
    printTable(
      [
        'page',
        'users',
        'req/s',
        'of profile',
        'of bare',
        'median',
        'p99',
        'errors',
        'server CPU',
        'server memory',
        'target',
      ],
      tableRows(results, handle.engine),
    );
    console.log('');
    console.log(
      `same answers from every process: ${consistency.alike}/${consistency.reads} reads alike across ${PROCESSES} process${PROCESSES > 1 ? 'es' : ''}`,
    );
    console.log(
      `running totals = sum of entries: ${consistency.exactTotals}/${consistency.users} sampled users; rank bands = recount: ${consistency.exactBands ? 'yes' : 'NO'}; leaderboard = recount: ${consistency.exactBoards}/${servers.length} processes`,
    );
    console.log(
      `group members' day sums and latest achievements = recount: ${consistency.exactGroupPages}/${consistency.groupPages} groups and processes`,
    );
    if (statements) printStatements(pageStatements);
  } finally {
    await Promise.all(servers.map(stopServer));
    await statements?.close();
    await bench.close();
  }
}

await main();
