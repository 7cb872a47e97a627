/**
 * `npm run bench [-- --users N --entries M --iterations K --explain]`
 *
 * Seeds a fresh database (a temp SQLite file; a fresh schema of DATABASE_URL's PostgreSQL, dropped
 * afterwards) with users, entries spread over 2025-01-01..today and consistent running totals,
 * and groups of 10 consecutive users, then times the calls a page makes: once in the service layer, once over HTTP (a real listening
 * server and fetch). Auth is a fake IdentityProvider (the token is the uid): no Auth Emulator.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { dayInZone, MESSAGES } from '@pushup/shared';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app';
import type { AuthContext } from '../src/auth/context';
import type { IdentityProvider } from '../src/auth/identity';
import { loadConfig } from '../src/config/env';
import type { DbHandle } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch-database';
import { AppError } from '../src/errors/app-error';
import { createRepositories } from '../src/repositories';
import { newUserRow } from '../src/repositories/users.repository';
import { GroupsService } from '../src/services/groups.service';
import { PushupsService } from '../src/services/pushups.service';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '300' },
    explain: { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const ENTRIES = Number(args.entries);
const ITERATIONS = Number(args.iterations);
if (![USERS, ENTRIES, ITERATIONS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('usage: npm run bench -- [--users N] [--entries M] [--iterations K] [--explain]');
  process.exit(1);
}

const ZONES = ['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Tokyo'];
const FIRST_INSTANT = Date.parse('2025-01-01T14:00:00Z'); // 2025-01-01 in every zone above
const TOKEN_PREFIX = 'bench-';

const GROUP_SIZE = 10;

const uid = (i: number) => `${TOKEN_PREFIX}${i}`;
const zoneOf = (i: number) => ZONES[i % ZONES.length] as string;
/** The caller as the auth hook would build it (profile uuid included). */
const authOf = (i: number, userUuid: string): AuthContext => ({
  kind: 'user',
  uid: uid(i),
  email: `${uid(i)}@bench.invalid`,
  picture: null,
  userUuid,
  timezone: zoneOf(i),
});

/** A fake identity provider: a token is accepted when it is a seeded user's uid. */
const benchIdentity: IdentityProvider = {
  async verifyIdToken(token) {
    if (!token.startsWith(TOKEN_PREFIX)) throw new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);
    return { uid: token, email: `${token}@bench.invalid`, picture: null };
  },
  async deleteUser() {},
};

function openDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase('bench', process.env.DATABASE_URL);
}

/** A skewed pick: a few users log a lot, most log a little (user 0 is the busiest). */
function pickUser(): number {
  const r = Math.random();
  return Math.min(USERS - 1, Math.floor(USERS * r * r));
}

interface Seeded {
  seconds: number;
  userUuids: string[];
  /** The group of user i is groupIds[floor(i / GROUP_SIZE)]. */
  groupIds: string[];
  /** (user, day) pairs that have entries: the day-history samples. */
  samples: { user: number; day: string }[];
}

async function seed(db: Kysely<Database>, engine: DbHandle['engine']): Promise<Seeded> {
  const started = performance.now();
  const now = new Date().toISOString();
  if (engine === 'sqlite') {
    // Seeding only: a big page cache (1M random keys thrash the default 2 MB) and no fsync per
    // commit. Both are put back before timing, so the timed calls see the server's settings.
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma synchronous = OFF`.execute(db);
  }
  // Parameters per statement stay under both engines' limits (SQLite 32766, PostgreSQL 65535).
  const batch = engine === 'sqlite' ? 2000 : 5000;
  const perTransaction = 100_000;

  const userUuids = Array.from({ length: USERS }, () => randomUUID());
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < USERS; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(USERS, start + batch); i++) {
        const username = `bench_${String(i).padStart(6, '0')}`;
        rows.push(
          newUserRow({
            uuid: userUuids[i] as string,
            firebaseUid: uid(i),
            username,
            email: `${uid(i)}@bench.invalid`,
            tierId: 'default',
            now,
          }),
        );
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });

  // How many entries each user gets (skewed), then the entries user by user in uuid order: the
  // two indexes that lead with user_uuid grow at their end instead of all over (fast seeding).
  const perUser = new Uint32Array(USERS);
  for (let i = 0; i < ENTRIES; i++) {
    const user = pickUser();
    perUser[user] = (perUser[user] as number) + 1;
  }
  const order = Array.from({ length: USERS }, (_, i) => i).sort((a, b) =>
    (userUuids[a] as string) < (userUuids[b] as string) ? -1 : 1,
  );
  const totals = new Float64Array(USERS);
  const samples: Seeded['samples'] = [];
  const span = Date.now() - 60_000 - FIRST_INSTANT;
  function* entries() {
    let n = 0;
    for (const user of order) {
      for (let k = 0; k < (perUser[user] as number); k++, n++) {
        const count = 1 + Math.floor(Math.random() * 100);
        const instant = new Date(FIRST_INSTANT + Math.floor(Math.random() * span));
        const date = instant.toISOString();
        const day = dayInZone(instant, zoneOf(user));
        totals[user] = (totals[user] as number) + count;
        if (n % 1000 === 0) samples.push({ user, day });
        yield {
          uuid: randomUUID(),
          user_uuid: userUuids[user] as string,
          count,
          date,
          day,
          created_at: date,
          updated_at: date,
        };
      }
    }
  }
  const source = entries();
  let exhausted = false;
  while (!exhausted) {
    await db.transaction().execute(async (trx) => {
      for (let inTransaction = 0; inTransaction < perTransaction && !exhausted; inTransaction += batch) {
        const rows = [];
        while (rows.length < batch) {
          const next = source.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          rows.push(next.value);
        }
        if (rows.length > 0) await trx.insertInto('pushups').values(rows).execute();
      }
    });
  }

  await db.transaction().execute(async (trx) => {
    const rows = [];
    for (let i = 0; i < USERS; i++) {
      if (totals[i])
        rows.push({ user_uuid: userUuids[i] as string, total: totals[i] as number, updated_at: now });
    }
    for (let start = 0; start < rows.length; start += batch) {
      await trx
        .insertInto('user_totals')
        .values(rows.slice(start, start + batch))
        .execute();
    }
  });
  // Groups of 10 consecutive users; the first of each is its admin.
  const groupIds = Array.from({ length: Math.floor(USERS / GROUP_SIZE) }, () => randomUUID());
  await db.transaction().execute(async (trx) => {
    const groups = groupIds.map((id, g) => ({
      id,
      name: `Bench group ${g}`,
      name_lower: `bench group ${g}`,
      description: null,
      created_by: userUuids[g * GROUP_SIZE] as string,
      max_members: GROUP_SIZE,
      member_count: GROUP_SIZE,
      created_at: now,
      updated_at: now,
    }));
    const members = groupIds.flatMap((id, g) =>
      Array.from({ length: GROUP_SIZE }, (_, k) => ({
        group_id: id,
        user_uuid: userUuids[g * GROUP_SIZE + k] as string,
        role: k === 0 ? ('admin' as const) : ('member' as const),
        joined_at: now,
      })),
    );
    for (let start = 0; start < groups.length; start += batch / 10) {
      await trx
        .insertInto('groups')
        .values(groups.slice(start, start + batch / 10))
        .execute();
    }
    for (let start = 0; start < members.length; start += batch / 2) {
      await trx
        .insertInto('group_members')
        .values(members.slice(start, start + batch / 2))
        .execute();
    }
  });
  // PostgreSQL's autovacuum would have vacuumed and analysed tables this size; do it now rather
  // than wait. SQLite runs with the planner's defaults, as the server does (no ANALYZE).
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
  if (engine === 'sqlite') {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    await sql`pragma cache_size = -2000`.execute(db);
    await sql`pragma synchronous = FULL`.execute(db);
  }
  return { seconds: (performance.now() - started) / 1000, userUuids, groupIds, samples };
}

interface Result {
  operation: string;
  layer: 'service' | 'HTTP';
  median: number;
  p95: number;
  target?: number;
}

async function measure(
  operation: string,
  layer: Result['layer'],
  run: (i: number) => Promise<unknown>,
  target?: number,
): Promise<Result> {
  for (let i = 0; i < Math.min(30, ITERATIONS); i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { operation, layer, median: at(0.5), p95: at(0.95), ...(target ? { target } : {}) };
}

async function explain(handle: DbHandle, userUuid: string, day: string): Promise<void> {
  const cutRow = await handle.db
    .selectFrom('user_totals')
    .select('total')
    .orderBy('total', 'desc')
    .limit(1)
    .offset(99)
    .executeTakeFirst();
  const cut = cutRow?.total ?? 1;
  const queries: [string, string][] = [
    [
      'day history',
      `select uuid, count, date, day from pushups where user_uuid = '${userUuid}' and day >= '${day}' and day <= '${day}' order by date desc, uuid desc limit 1000`,
    ],
    [
      'whole history',
      `select uuid, count, date, day from pushups where user_uuid = '${userUuid}' order by date desc, uuid desc limit 1000`,
    ],
    [
      'daily sums',
      `select day, sum(count) as total from pushups where user_uuid = '${userUuid}' and day >= '2025-06-01' and day <= '2025-06-30' group by day order by day`,
    ],
    [
      'leaderboard cut',
      `select total from user_totals where total > 0 order by total desc limit 1 offset 99`,
    ],
    [
      'leaderboard rows',
      `select t.user_uuid, t.total, (select u.username from users u where u.uuid = t.user_uuid) as username from user_totals t where t.total >= ${cut} order by t.total desc`,
    ],
    [
      'rank count (of a middling user)',
      `select count(*) from user_totals where total > ${Math.floor(cut / 2)}`,
    ],
  ];
  for (const [name, query] of queries) {
    const prefix = handle.engine === 'sqlite' ? 'explain query plan ' : 'explain analyze ';
    const { rows } = await sql.raw<Record<string, unknown>>(prefix + query).execute(handle.db);
    const lines = rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    console.log(`\n${name}:\n  ${lines.join('\n  ')}`);
  }
}

const fmt = (ms: number) => `${ms < 10 ? ms.toFixed(3) : ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const bench = await openDatabase();
  const { handle } = bench;
  try {
    await migrateToLatest(handle);
    console.log(`Seeding ${USERS.toLocaleString('en')} users and ${ENTRIES.toLocaleString('en')} entries...`);
    const seeded = await seed(handle.db, handle.engine);
    const repos = createRepositories(handle.db);
    const service = new PushupsService(repos);
    const groups = new GroupsService(repos);
    const randomUser = () => Math.floor(Math.random() * USERS);
    // A user in a group (the last few users may be in none).
    const randomMember = () => Math.floor(Math.random() * seeded.groupIds.length * GROUP_SIZE);
    const groupOf = (user: number) => seeded.groupIds[Math.floor(user / GROUP_SIZE)] as string;
    const sample = (i: number) => seeded.samples[i % seeded.samples.length] as Seeded['samples'][number];
    const sqlite = handle.engine === 'sqlite';

    if (args.explain) {
      const s = sample(0);
      await explain(handle, seeded.userUuids[s.user] as string, s.day);
    }

    const caller = (i: number) => authOf(i, seeded.userUuids[i] as string);
    const results: Result[] = [];
    results.push(
      await measure(
        'log an entry',
        'service',
        () => service.create(caller(randomUser()), { count: 10 }),
        sqlite ? 1 : undefined,
      ),
      await measure('a day’s history', 'service', (i) => {
        const s = sample(i);
        return service.list(caller(s.user), { from: s.day, to: s.day });
      }),
      await measure('30 daily sums', 'service', () => service.daily(caller(randomUser()), {})),
      await measure(
        'leaderboard',
        'service',
        () => service.leaderboard(caller(randomUser())),
        sqlite ? 3 : undefined,
      ),
      await measure('group stats (10 members)', 'service', () => {
        const user = randomMember();
        return groups.stats(caller(user), groupOf(user));
      }),
      await measure('members’ day sums (10)', 'service', () => {
        const user = randomMember();
        return service.groupMembers(caller(user), groupOf(user), {});
      }),
    );

    // Invite-only as in production: the auth hook also checks the caller has a profile.
    const config = loadConfig({ DATA_DIR: bench.dataDir, INVITE_ONLY: 'true', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: handle, identity: benchIdentity, webRoot: null, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const request = async (user: number, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${uid(user)}`,
          'x-timezone': zoneOf(user),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok)
        throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    try {
      results.push(
        await measure(
          'log an entry',
          'HTTP',
          () => request(randomUser(), 'POST', '/api/pushups', { count: 10 }),
          5,
        ),
        await measure(
          'a day’s history',
          'HTTP',
          (i) => {
            const s = sample(i);
            return request(s.user, 'GET', `/api/pushups?from=${s.day}&to=${s.day}`);
          },
          10,
        ),
        await measure('30 daily sums', 'HTTP', () => request(randomUser(), 'GET', '/api/pushups/daily')),
        await measure(
          'leaderboard',
          'HTTP',
          () => request(randomUser(), 'GET', '/api/pushups/leaderboard'),
          10,
        ),
        await measure('group stats (10 members)', 'HTTP', () => {
          const user = randomMember();
          return request(user, 'GET', `/api/groups/${groupOf(user)}/stats`);
        }),
        await measure('members’ day sums (10)', 'HTTP', () => {
          const user = randomMember();
          return request(user, 'GET', `/api/pushups/group/${groupOf(user)}/members`);
        }),
      );
    } finally {
      await app.close();
    }

    const counts = await handle.db
      .selectFrom('pushups')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const totalRows = await handle.db
      .selectFrom('user_totals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    console.log('');
    console.log(`engine:   ${bench.label}`);
    console.log(
      `rows:     ${Number(counts.n).toLocaleString('en')} entries (after the timed logs), ${USERS.toLocaleString('en')} users, ${Number(totalRows.n).toLocaleString('en')} running totals`,
    );
    console.log(`seeded:   ${seeded.seconds.toFixed(1)} s`);
    console.log(`timing:   ${ITERATIONS} iterations per row after a warm-up, random seeded users`);
    console.log(
      'HTTP:     a real listening server and fetch; auth by a fake IdentityProvider (no Auth Emulator)',
    );
    console.log('');
    const header = ['operation', 'layer', 'median', 'p95', 'target (median)'];
    const table = results.map((r) => [
      r.operation,
      r.layer,
      fmt(r.median),
      fmt(r.p95),
      r.target === undefined ? '' : `< ${r.target} ms ${r.median < r.target ? 'met' : 'MISSED'}`,
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...table.map((row) => (row[c] as string).length)));
    const line = (cells: string[]) =>
      `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of table) console.log(line(row));
  } finally {
    await bench.drop();
  }
}

await main();
