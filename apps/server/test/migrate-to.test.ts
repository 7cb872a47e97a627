/**
 * `npm run admin -- migrate-to <DATABASE_URL>`: a SQLite database filled through the app is copied
 * into a fresh PostgreSQL schema, and an app on that schema must answer exactly like the SQLite app.
 * The copy needs PostgreSQL (TEST_DATABASE_URL); the command's refusals before any copy run always.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, dayInZone } from '@pushup/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import {
  BATCH_ROWS,
  COPY_ORDER,
  describeMigration,
  MigrateToError,
  migrateTo,
  type TableName,
} from '../src/db/migrate-to';
import { createScratchDatabase, postgresUrlInSchema } from '../src/db/scratch-database';
import { OperatorsService } from '../src/services/operators/operators.service';
import { AdminService } from '../src/services/users/admin.service';
import { runAdmin } from './admin-command';
import { groupsHarness, type Person } from './groups-helpers';
import {
  bearer,
  createTestServer,
  type TestDatabase,
  type TestServer,
  tempDir,
  uniqueEmail,
} from './helpers';

const PG_URL = process.env.TEST_DATABASE_URL;
const operator = { kind: 'operator' } as const;
/** Runs the admin command in this process, as admin-cli.test.ts does, with only the given database settings. */
const admin = runAdmin;

/** Every row of every table, each table sorted in JavaScript (the engines collate text differently). */
async function dump(handle: DbHandle): Promise<Record<TableName, unknown[]>> {
  const all = {} as Record<TableName, unknown[]>;
  for (const table of COPY_ORDER) {
    const rows = await handle.db.selectFrom(table).selectAll().execute();
    all[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return all;
}

describe('migrate-to refusals before any copy', () => {
  it('prints the usage and exits 1 without a postgres URL', async () => {
    const env = { DATA_DIR: tempDir('migrate-usage') };
    for (const args of [
      ['migrate-to'],
      ['migrate-to', 'mysql://root@127.0.0.1/pushups'],
      ['migrate-to', 'postgres://127.0.0.1/a', 'postgres://127.0.0.1/b'],
    ]) {
      const result = await admin(env, ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain('Usage: npm run admin -- <command>');
      expect(result.stderr).toContain('migrate-to <DATABASE_URL>');
    }
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
  });

  it('refuses when the configured database is PostgreSQL already, or when there is no SQLite database', async () => {
    // Port 1: nothing listens there, so an attempt to connect would fail differently.
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    const dataDir = tempDir('migrate-refusals');
    const fromPostgres = await admin({ DATA_DIR: dataDir, DATABASE_URL: nowhere }, 'migrate-to', nowhere);
    expect(fromPostgres.code).toBe(1);
    expect(fromPostgres.stderr.trim()).toBe(
      'The configured database is already PostgreSQL (DATABASE_URL is set): migrate-to copies the SQLite ' +
        'database of DATA_DIR. Unset DATABASE_URL to copy it.',
    );
    const noDatabase = await admin({ DATA_DIR: dataDir }, 'migrate-to', nowhere);
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr.trim()).toBe(`No database at ${path.join(dataDir, 'pushups.db')}`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe.skipIf(!PG_URL)('migrate-to from SQLite into PostgreSQL', () => {
  const url = PG_URL as string;
  let source: TestServer;
  const h = groupsHarness(() => source);
  const targets: TestDatabase[] = [];
  const servers: TestServer[] = [];

  let people: Person[] = [];
  let groupIds: string[] = [];
  /** Who may read each group's admin views (an admin of it). */
  let adminOf: Person[] = [];
  /** The challenges of the first group: one with its result fixed, one open. */
  let challengeIds: string[] = [];
  const today = dayInZone(new Date(), 'UTC');

  /** A fresh, empty schema in the test database, dropped after the suite. */
  async function freshTarget(): Promise<{ db: TestDatabase; schema: string }> {
    const db = await createScratchDatabase('migrate', url);
    targets.push(db);
    const schema = /search_path=(\w+)/.exec(
      new URL(db.env.DATABASE_URL ?? '').searchParams.get('options') ?? '',
    )?.[1];
    if (!schema) throw new Error(`no schema in ${db.env.DATABASE_URL}`);
    return { db, schema };
  }

  async function log(who: Person, count: number, daysAgo: number, timezone = 'UTC'): Promise<string> {
    const payload = daysAgo === 0 ? { count } : { count, date: `${addDays(today, -daysAgo)}T12:00:00.000Z` };
    return h.body<{ uuid: string }>(await h.call(who, 'POST', '/api/pushups', payload, timezone), 201).uuid;
  }

  beforeAll(async () => {
    source = await createTestServer('sqlite');
    // a has a tier of their own; f deletes their account at the end (their group lives on).
    const a = await h.person({ maxGroups: 7, maxMembersPerGroup: 12 });
    const [b, c, d, e, f] = await h.people(5);
    people = [a, b, c, d, e];

    // An invite with a tier, for someone who has not signed up yet.
    const pending = uniqueEmail('later').toLowerCase();
    await new AdminService(source.repos).invite(operator, pending);
    await new AdminService(source.repos).setTier(operator, pending, 3, 4);
    // An operator granted by the command line (its grant and the invites above are audit lines too).
    await new OperatorsService(source.repos, []).grant(operator, pending);

    const goal = await h.call(a, 'PATCH', '/api/users/profile-update', {
      personalGoal: 5000,
      goalDeadline: addDays(today, 200),
      goalDescription: 'Summer – 5k',
    });
    expect(goal.statusCode, goal.body).toBe(200);
    const photo = await source.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(b.account),
      payload: { username: `${b.username}x`, photoURL: 'https://example.com/b.png' },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    // A language and a theme chosen (the others have none yet).
    const preferences = await h.call(c, 'PATCH', '/api/users/settings', { language: 'de', theme: 'dark' });
    expect(preferences.statusCode, preferences.body).toBe(200);

    // Entries on several days and zones; edits and a delete move the running totals.
    for (const [daysAgo, count] of [
      [0, 20],
      [1, 35],
      [3, 15],
      [9, 40],
      [40, 61],
    ] as const)
      await log(a, count, daysAgo);
    const edited = await log(b, 10, 2, 'Pacific/Auckland');
    await log(b, 55, 6, 'America/Los_Angeles');
    await log(b, 120, 0);
    expect((await h.call(b, 'PATCH', `/api/pushups/${edited}`, { count: 15 })).statusCode).toBe(200);
    const deleted = await log(c, 999, 5);
    await log(c, 170, 5);
    expect((await h.call(c, 'DELETE', `/api/pushups/${deleted}`)).statusCode).toBe(204);
    const emptied = await log(d, 8, 1);
    expect((await h.call(d, 'PATCH', `/api/pushups/${emptied}`, { count: 0 })).statusCode).toBe(200);
    await log(d, 170, 12); // ties with c: a shared rank
    await log(e, 5, 2);
    await log(f, 33, 4);

    // A training plan (a replaced one, abandoned), a placement test and a workout, which logs an entry.
    const plan = { level: 1, startDay: today, weekdays: [1, 3, 5] };
    h.body(await h.call(e, 'PUT', '/api/plan', { ...plan, planId: 'hundred' }), 200);
    h.body(
      await h.call(e, 'PUT', '/api/plan', {
        ...plan,
        planId: 'daily',
        daily: { total: 5, sets: 1 },
        shared: true,
      }),
      200,
    );
    h.body(await h.call(e, 'POST', '/api/plan/tests', { id: randomUUID(), count: 7 }), 201);
    h.body(await h.call(e, 'POST', '/api/workouts', { id: randomUUID(), session: 0, sets: [5] }), 201);

    // A reminder with a device, and one sent (its claim of the day).
    const reminder = await source.app.inject({
      method: 'PUT',
      url: '/api/reminders',
      headers: { ...bearer(a.account), 'x-timezone': 'Europe/Berlin' },
      payload: { enabled: true, time: '18:00', weekdays: [1, 2, 3] },
    });
    expect(reminder.statusCode, reminder.body).toBe(200);
    const device = await h.call(a, 'POST', '/api/reminders/devices', {
      endpoint: 'https://push.example.com/send/a',
      keys: {
        p256dh: 'BNSZkF3gcqzSRuOItsd1mW_kq89Ctcn0PR_jmw4eCIyzWL-DeAVXC8meklT2tHpTT7L4MaU6ddu1z3LnluESsW8',
        auth: 'IjN9uRx_lOE2qIhnQZO61g',
      },
    });
    expect(device.statusCode, device.body).toBe(201);
    expect(await source.repos.reminders.claimSend(a.uuid, today, new Date().toISOString())).toBe(true);

    // Groups: members through an invite link, a revoked and a limited link, requests in every state.
    const g1 = await h.groupWith(a, [b, c], { description: 'Morning crew' });
    const g2 = await h.groupWith(b, [], { maxMembers: 3 });
    const g3 = await h.groupWith(f, [b]);
    const spare = await h.createInvite(a, g1.id, { maxUses: 5, expiresInDays: 3 });
    const revoked = await h.createInvite(b, g2.id);
    expect((await h.call(b, 'DELETE', `/api/groups/${g2.id}/invites/${revoked.inviteId}`)).statusCode).toBe(
      204,
    );
    await h.requestJoin(d, g1.id);
    await h.decide(a, (await h.requestJoin(e, g1.id)).requestId, false);
    await h.decide(b, (await h.requestJoin(d, g2.id)).requestId, true);
    await h.requestJoin(e, g2.id);
    expect(spare.maxUses).toBe(5);

    // A challenge whose result is fixed (yesterday's, read once), one still open, a cheer and its setting.
    const yesterday = addDays(today, -1);
    const fixedChallenge = h.body<{ id: string }>(
      await h.call(a, 'POST', `/api/groups/${g1.id}/challenges`, {
        name: 'Yesterday',
        kind: 'race',
        startDay: yesterday,
        endDay: yesterday,
      }),
      201,
    );
    h.body(await h.call(a, 'GET', `/api/groups/${g1.id}/challenges/${fixedChallenge.id}`), 200);
    const openChallenge = h.body<{ id: string }>(
      await h.call(a, 'POST', `/api/groups/${g1.id}/challenges`, {
        name: 'Together',
        kind: 'together',
        target: 500,
        startDay: today,
        endDay: addDays(today, 6),
      }),
      201,
    );
    expect(
      (await h.call(b, 'PUT', `/api/groups/${g1.id}/challenges/${openChallenge.id}/participation`))
        .statusCode,
    ).toBe(204);
    expect(
      (await h.call(a, 'PUT', `/api/groups/${g1.id}/members/${b.uuid}/cheers/${today}`)).statusCode,
    ).toBe(204);
    h.body(await h.call(b, 'PUT', '/api/cheers/settings', { pushOnCheer: true }), 200);
    challengeIds = [fixedChallenge.id, openChallenge.id];
    // A public profile showing some of its parts.
    h.body(
      await h.call(c, 'PUT', '/api/users/public-profile', {
        enabled: true,
        parts: { totals: true, streak: true, records: false, heatmap: true, achievements: false },
      }),
      200,
    );

    // f leaves: g3 keeps b as its admin, its creator becomes null.
    expect((await h.call(f, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    groupIds = [g1.id, g2.id, g3.id];
    adminOf = [a, b, b];

    // Every table holds rows, so a table the copy forgot would show.
    const rows = await dump(source.db.handle);
    for (const table of COPY_ORDER) expect(rows[table].length, table).toBeGreaterThan(0);
    const g3Row = await h.groupRow(g3.id);
    expect(g3Row?.created_by).toBeNull();
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await source?.close();
    for (const target of targets) await target.drop();
  });

  /** Everything the API shows the users: profiles, entries, sums, leaderboard, groups and their stats. */
  async function apiView(server: TestServer): Promise<Record<string, unknown>> {
    const api = groupsHarness(() => server);
    const view: Record<string, unknown> = {};
    const read = async (who: Person, url: string, timezone = 'UTC') => {
      const response = await api.call(who, 'GET', url, undefined, timezone);
      view[`${who.username} ${timezone} ${url}`] = { status: response.statusCode, body: response.json() };
    };
    const range = `from=${addDays(today, -60)}&to=${today}`;
    for (const who of people) {
      await read(who, '/api/users/profile');
      await read(who, `/api/pushups?${range}`);
      await read(who, `/api/pushups?${range}`, 'Pacific/Auckland');
      await read(who, `/api/pushups/daily?${range}`);
      await read(who, `/api/pushups/daily?${range}`, 'America/Los_Angeles');
      await read(who, '/api/pushups/leaderboard');
      await read(who, '/api/groups');
      await read(who, '/api/groups/quota');
      await read(who, '/api/groups/user-join-requests');
      await read(who, '/api/pushups/streak');
      await read(who, '/api/pushups/streak', 'Pacific/Auckland');
      await read(who, '/api/pushups/records');
      await read(who, '/api/achievements');
      await read(who, '/api/users/settings');
      await read(who, '/api/plan');
      await read(who, '/api/plan/tests');
      await read(who, '/api/challenges/running');
      await read(who, '/api/cheers');
      await read(who, '/api/users/public-profile');
    }
    const [, , c] = people as [Person, Person, Person];
    await read(people[0] as Person, `/api/public/profiles/${c.username}`);
    for (const [i, id] of groupIds.entries()) {
      const viewer = adminOf[i] as Person;
      await read(viewer, `/api/groups/public/${id}`);
      await read(viewer, `/api/groups/${id}/members`);
      await read(viewer, `/api/groups/${id}/stats`);
      await read(viewer, `/api/groups/${id}/stats`, 'Pacific/Auckland');
      await read(viewer, `/api/groups/${id}/achievements`);
      await read(viewer, `/api/pushups/group/${id}/members`);
      await read(viewer, `/api/groups/${id}/join-requests?status=pending`);
      await read(viewer, `/api/groups/${id}/join-requests?status=rejected`);
      await read(viewer, `/api/groups/${id}/invites`);
      await read(viewer, `/api/groups/${id}/challenges`);
      await read(viewer, `/api/groups/${id}/feed`);
    }
    for (const id of challengeIds)
      await read(adminOf[0] as Person, `/api/groups/${groupIds[0]}/challenges/${id}`);
    return view;
  }

  it('copies every table so that an app on PostgreSQL answers exactly like the SQLite app', async () => {
    const expected = await apiView(source);
    // The view is worth comparing: all reads answered, with ranks (one shared) and group stats.
    for (const [read, answer] of Object.entries(expected)) {
      expect((answer as { status: number }).status, read).toBe(200);
    }
    const [a] = people as [Person];
    const board = (expected[`${a.username} UTC /api/pushups/leaderboard`] as { body: { rank: number }[] })
      .body;
    expect(board.map((row) => row.rank)).toEqual([1, 2, 3, 3, 5]);
    const sourceRows = await dump(source.db.handle);

    const { db, schema } = await freshTarget();
    // Two rows per batch: every table spans several, and some pages of group_members end inside a group.
    const report = await migrateTo(
      { sqlitePath: source.config.sqlitePath },
      { url, pgSchema: schema },
      { batchRows: 2 },
    );

    for (const table of COPY_ORDER) expect(report.rows[table], table).toBe(sourceRows[table].length);
    expect(report.pushups).toBe(171 + 190 + 170 + 170 + 5 + 5);
    expect(report.runningTotals).toBe(report.pushups);
    expect(report.rankedUsers).toBe(5);
    expect(describeMigration(report)).toMatch(
      /^Copied 5 users, 13 push-up entries \(711 push-ups\), 5 running totals, 12 day totals, 24 achievements, 800 rank bands \(5 users ranked\), 3 groups, 6 group memberships, 4 join requests, 3 group invite links, 6 platform invites, 3 tiers, 2 training plans, 1 placement test, 1 workout into PostgreSQL; counts and sums match\.$/,
    );

    expect(await dump(db.handle)).toEqual(sourceRows);
    const onPostgres = await createTestServer('postgres', { db });
    servers.push(onPostgres);
    expect(await apiView(onPostgres)).toEqual(expected);
  });

  it('refuses a target that already holds data, and changes nothing in it', async () => {
    const { db, schema } = await freshTarget();
    await migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema });
    const before = await dump(db.handle);
    const migrationsBefore = await db.handle.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();

    const again = migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema });
    await expect(again).rejects.toThrow(MigrateToError);
    await expect(again).rejects.toThrow(
      /^The target database already holds data \(2 tiers, 5 users, 6 platform invites, 13 push-up entries, 5 running totals, 12 day totals, 24 achievements, 3 rank bands, 3 groups, 6 group memberships, 4 join requests, 3 group invite links, 1 reminder, 1 reminder device, 1 reminder sent, 2 training plans, 1 placement test, 1 workout, 3 group activities, 2 challenges, 3 challenge participants, 1 challenge result, 1 cheer, 1 cheer setting, 14 group feed lines, 1 operator, 11 audit lines, 9 audit targets, 1 public profile\): migrate-to copies only into an empty database\. Nothing was changed\.$/,
    );
    expect(await dump(db.handle)).toEqual(before);
    expect(
      await db.handle.db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute(),
    ).toEqual(migrationsBefore);
  });

  it('refuses a schema where another app keeps rows in a table of the same name, before migrating it', async () => {
    const { db, schema } = await freshTarget();
    await sql`create table users (id integer)`.execute(db.handle.db);
    await sql`insert into users values (1)`.execute(db.handle.db);
    await expect(
      migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema }),
    ).rejects.toThrow('already holds data (1 user)');
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(
      db.handle.db,
    );
    expect(rows.map((r) => r.name)).toEqual(['users']);
  });

  it('refuses a source whose running total disagrees with its entries, leaving the target empty for a re-run', async () => {
    const [, b] = people as [Person, Person];
    const sourceDb = source.db.handle.db;
    const total = await source.repos.pushups.totalOf(b.uuid);
    await sourceDb
      .updateTable('user_totals')
      .set({ total: Number(total) + 1 })
      .where('user_uuid', '=', b.uuid)
      .execute();
    const { db, schema } = await freshTarget();
    try {
      const copy = migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema });
      await expect(copy).rejects.toThrow(
        /^The copy does not match, nothing was written to PostgreSQL \(rolled back\): the copy has 1 user\(s\) whose running total differs from the sum of their entries.* \(so does the SQLite database: 1 user\(s\) whose running total differs/,
      );
      const left = await dump(db.handle);
      for (const table of COPY_ORDER) {
        if (table === 'rank_buckets' || table === 'subscription_tiers' || table === 'leaderboard_privacy')
          continue;
        expect(left[table], table).toEqual([]);
      }
      // Only what the migrations seed: the default tier, the empty rank bands and the first version.
      expect(left.leaderboard_privacy).toEqual([JSON.stringify({ id: 1, version: 0 })]);
      expect(left.subscription_tiers.map((row) => JSON.parse(row as string).id)).toEqual(['default']);
      expect(left.rank_buckets.every((row) => JSON.parse(row as string).users === 0)).toBe(true);
    } finally {
      await sourceDb
        .updateTable('user_totals')
        .set({ total: Number(total) })
        .where('user_uuid', '=', b.uuid)
        .execute();
    }
    // Repaired, the copy goes into the same (migrated, still empty) target.
    await migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema });
    expect(await dump(db.handle)).toEqual(await dump(source.db.handle));
  });

  it('runs as `npm run admin -- migrate-to <url>` and prints what it copied', async () => {
    const { db, schema } = await freshTarget();
    const result = await admin(
      { DATA_DIR: source.db.dataDir },
      'migrate-to',
      postgresUrlInSchema(url, schema),
    );
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout.trim()).toMatch(
      /^Copied 5 users, 13 push-up entries \(711 push-ups\), .* into PostgreSQL; counts and sums match\.$/,
    );
    expect(await dump(db.handle)).toEqual(await dump(source.db.handle));
  });

  // Last: it adds entries to the source.
  it('copies one consistent moment while the server keeps logging entries', async () => {
    const [a, , , , e] = people as [Person, Person, Person, Person, Person];
    // Enough entries for several batches of BATCH_ROWS, so the copy takes a while and writes land during it.
    const now = new Date().toISOString();
    await source.repos.transaction(async (repos) => {
      for (let i = 0; i < 2 * BATCH_ROWS + 100; i++) {
        const day = addDays(today, -(1 + (i % 300)));
        await repos.pushups.insert({
          uuid: randomUUID(),
          user_uuid: e.uuid,
          count: 1 + (i % 50),
          date: `${day}T08:00:00.000Z`,
          day,
          created_at: now,
          updated_at: now,
        });
        await repos.pushups.addToDay(e.uuid, day, 1 + (i % 50));
        await repos.pushups.addToTotal(e.uuid, 1 + (i % 50), now);
      }
    });
    const countEntries = async () =>
      Number(
        (
          await source.db.handle.db
            .selectFrom('pushups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const entriesBefore = await countEntries();
    let copying = true;
    const writing = (async () => {
      let written = 0;
      while (copying) {
        await log(a, 1 + (written % 7), 0);
        written++;
      }
      return written;
    })();
    const { db, schema } = await freshTarget();
    let report: Awaited<ReturnType<typeof migrateTo>>;
    try {
      report = await migrateTo({ sqlitePath: source.config.sqlitePath }, { url, pgSchema: schema });
      copying = false;
      expect(await writing).toBeGreaterThan(0);
      expect(report.rows.pushups).toBeGreaterThanOrEqual(entriesBefore);
      expect(report.rows.pushups).toBeLessThanOrEqual(await countEntries());
      expect(report.runningTotals).toBe(report.pushups);
    } finally {
      copying = false;
      await writing;
    }
    const copied = await db.handle.db
      .selectFrom('pushups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(copied.n)).toBe(report.rows.pushups);
  });
});
