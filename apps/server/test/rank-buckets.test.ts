/**
 * The leaderboard rank of a caller outside the top 100 comes from rank bands (rank-buckets.ts)
 * kept beside the running totals. Here: the band arithmetic, and on each engine that the counts
 * stay exact through moves up and down, account deletion, concurrent writes and the migration of
 * totals logged before the bands existed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import {
  lowestTotalOf,
  pgRankBucket,
  RANK_BUCKET_COUNT,
  rankBucket,
  recountRankBuckets,
  usersPerBucket,
} from '../src/db/rank-buckets';
import { createRepositories } from '../src/repositories';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';
import { insertUser, repositoriesForSuite } from './repository-suite';

const NOW = '2025-06-01T12:00:00.000Z';

describe('rank bands', () => {
  it('are exact below 32 and never hold 0', () => {
    expect(rankBucket(0)).toBeNull();
    expect(rankBucket(-5)).toBeNull();
    for (let total = 1; total < 32; total++) expect(rankBucket(total)).toBe(total);
  });

  it('cover every total once, in order, each band at most 1/16 of its totals wide', () => {
    const probes = new Set<number>();
    for (let total = 1; total < 4_200; total++) probes.add(total);
    for (let bit = 16; bit < 53; bit++) {
      for (const offset of [-2, -1, 0, 1, 2]) probes.add(2 ** bit + offset);
      probes.add(Math.floor(2 ** bit * 1.37));
    }
    probes.add(2 ** 31 - 1); // PostgreSQL's largest integer total
    let previous = 0;
    for (const total of [...probes].sort((a, b) => a - b)) {
      const bucket = rankBucket(total) as number;
      expect(bucket).toBeGreaterThanOrEqual(previous);
      expect(bucket).toBeLessThan(RANK_BUCKET_COUNT);
      expect(lowestTotalOf(bucket)).toBeLessThanOrEqual(total);
      expect(lowestTotalOf(bucket + 1)).toBeGreaterThan(total);
      expect(lowestTotalOf(bucket + 1) - lowestTotalOf(bucket)).toBeLessThanOrEqual(
        Math.max(1, lowestTotalOf(bucket) / 16),
      );
      previous = bucket;
    }
  });

  it('count users per band from users per total', () => {
    const users = usersPerBucket([
      { total: 0, users: 4 },
      { total: 5, users: 2 },
      { total: 1000, users: 3 },
      { total: 1001, users: 1 },
    ]);
    expect(users).toHaveLength(RANK_BUCKET_COUNT);
    expect(users[5]).toBe(2);
    expect(users[rankBucket(1000) as number]).toBe(4);
    expect(users.reduce((sum, n) => sum + n, 0)).toBe(6);
  });
});

describe.each(engines)('rank bands on %s', (engine) => {
  const suite = repositoriesForSuite(engine);

  const newUser = async () => (await insertUser(suite().repos, NOW)).uuid;

  function add(userUuid: string, delta: number): Promise<number> {
    return suite().repos.transaction((r) => r.pushups.addToTotal(userUuid, delta, NOW));
  }

  /** Every stored band count next to the one recounted from the totals themselves. */
  async function bandsAgainstTotals() {
    const stored = await suite()
      .db.handle.db.selectFrom('rank_buckets')
      .select(['bucket', 'users'])
      .orderBy('bucket')
      .execute();
    const totals = await suite().db.handle.db.selectFrom('user_totals').select('total').execute();
    const recounted = usersPerBucket(totals.map((row) => ({ total: row.total, users: 1 })));
    return { stored: stored.map((row) => row.users), recounted };
  }

  async function expectExactRanks(): Promise<void> {
    const { stored, recounted } = await bandsAgainstTotals();
    expect(stored).toEqual(recounted);
    const totals = (await suite().db.handle.db.selectFrom('user_totals').select('total').execute()).map(
      (r) => r.total,
    );
    for (const total of [0, 1, 31, 32, 33, ...totals]) {
      const above = totals.filter((t) => t > total).length;
      expect(await suite().repos.pushups.countAbove(total)).toBe(above);
    }
  }

  it('answers the number of users above any total, through moves up, down and account deletion', async () => {
    // Totals on both sides of band edges (31/32, 1000s sharing a band) and far apart.
    const users: string[] = [];
    for (const total of [1, 5, 31, 32, 33, 63, 64, 1000, 1001, 1020, 1100, 5000, 250_000]) {
      const uuid = await newUser();
      await add(uuid, total);
      users.push(uuid);
    }
    await expectExactRanks();

    await add(users[0] as string, 999); // 1 -> 1000: into a shared band
    await add(users[7] as string, -990); // 1000 -> 10: down across many bands
    await add(users[12] as string, -250_000); // to 0: out of every band
    await add(users[3] as string, 1); // 32 -> 33: same band
    await expectExactRanks();

    await suite().repos.transaction((r) => r.pushups.deleteAllForUser(users[9] as string));
    await expectExactRanks();
  });

  it('stays exact while many users move up and down through the bands at once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    // Each user climbs and falls through several bands while the others do the same.
    const deltas = [30, 5, 200, -150, 3000, -3000, 40, 1];
    await Promise.all(users.flatMap((uuid, i) => deltas.map((delta) => add(uuid, delta * ((i % 3) + 1)))));
    await expectExactRanks();
  });

  it.runIf(engine === 'postgres')('are computed by PostgreSQL as by the server', async () => {
    const totals = [-5, 0, ...Array.from({ length: 3000 }, (_, i) => i + 1)];
    for (let bit = 5; bit < 53; bit++) totals.push(2 ** bit - 1, 2 ** bit, 2 ** bit + 1, 3 * 2 ** (bit - 1));
    const { rows } = await sql<{ total: string; bucket: number | null }>`
      select total, ${pgRankBucket(sql`total`)} as bucket
      from unnest(cast(${totals} as bigint[])) as t (total)`.execute(suite().db.handle.db);
    expect(rows.map((row) => row.bucket)).toEqual(totals.map(rankBucket));
  });

  it('stay exact when logs move bands with their entry, beside repeats, hidden users and totals going down', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newUser()));
    const hidden = users.slice(0, 2);
    await suite().repos.transaction(async (r) => {
      for (const uuid of hidden) await r.pushups.setHidden(uuid, true, NOW);
    });
    /** A log as the API writes it: behind the user's lock, taken by the same call. */
    const log = (userUuid: string, count: number, uuid = randomUUID()) =>
      suite().repos.transaction(async (r) => {
        const entry = { uuid, count, date: NOW, day: '2025-06-01', created_at: NOW, updated_at: NOW };
        return (await r.pushups.logEntry(`uid-${userUuid}`, entry, { from: '2025-06-01', to: '2025-06-01' }))
          ?.written;
      });
    const repeated = randomUUID();
    const first = await log(users[2] as string, 40, repeated);
    expect(first).toEqual({ dayTotal: 40, total: 40 });
    await Promise.all(users.slice(4).map((uuid) => log(uuid, 10)));
    // Logs up through many bands, a repeat of one entry, and totals going down, all at once.
    const answers = await Promise.all([
      ...users.flatMap((uuid, i) => [5, 30, 200, 7, 1000].map((count) => log(uuid, count * ((i % 3) + 1)))),
      log(users[2] as string, 40, repeated),
      ...users.slice(4).map((uuid) => add(uuid, -3)),
    ]);
    expect(answers).toContain(undefined);
    const stored = await suite()
      .db.handle.db.selectFrom('rank_buckets')
      .select('users')
      .orderBy('bucket')
      .execute();
    expect(stored.map((row) => row.users)).toEqual(await recountRankBuckets(suite().db.handle.db));
    const totals = await suite()
      .db.handle.db.selectFrom('user_totals')
      .select(['user_uuid', 'total', 'hidden'])
      .where('user_uuid', 'in', users)
      .execute();
    const byUser = new Map(totals.map((row) => [row.user_uuid, row]));
    users.forEach((uuid, i) => {
      const logged = 1242 * ((i % 3) + 1) + (i === 2 ? 40 : 0) + (i >= 4 ? 10 - 3 : 0);
      expect(byUser.get(uuid)).toMatchObject({ total: logged, hidden: i < 2 ? 1 : 0 });
    });
  });

  it('the migration fills the bands from totals logged before it', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0003_groups')).error).toBeUndefined();
      const old = createRepositories(scratch.handle);
      const totals = [7, 7, 40, 41, 5000, 0];
      for (const total of totals) {
        // The users table as 0003 left it: the columns of later migrations are not there yet.
        const uuid = await insertUserBefore(scratch.handle.db, '0005', NOW);
        await scratch.handle.db
          .insertInto('user_totals')
          .values({ user_uuid: uuid, total, updated_at: NOW })
          .execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const stored = await scratch.handle.db
        .selectFrom('rank_buckets')
        .select(['bucket', 'users'])
        .orderBy('bucket')
        .execute();
      expect(stored).toHaveLength(RANK_BUCKET_COUNT);
      expect(stored.filter((row) => row.users > 0)).toEqual([
        { bucket: 7, users: 2 },
        { bucket: rankBucket(40), users: 2 },
        { bucket: rankBucket(5000), users: 1 },
      ]);
      expect(await old.pushups.countAbove(7)).toBe(3);
    } finally {
      await scratch.drop();
    }
  });
});
