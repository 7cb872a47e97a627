/**
 * What SQLite and PostgreSQL do differently (repositories/engines/) held to one behaviour: each case
 * runs on both engines against a real database and checks the same results.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recountRankBuckets } from '../src/db/rank-buckets';
import { type EngineSql, engineSqlOf, type NewEntry } from '../src/repositories/engines';
import { RankBandMoves } from '../src/repositories/rank-band-moves';
import { engines } from './helpers';
import { insertUser, repositoriesForSuite, storedRankBands } from './repository-suite';

const NOW = '2025-06-10T12:00:00.000Z';
const RANGE = { from: '2025-05-01', to: '2025-06-30' };

describe.each(engines)('the %s module of what the engines do differently', (engine) => {
  const suite = repositoriesForSuite(engine);
  const engineSql: EngineSql = engineSqlOf(engine);

  const newUser = () => insertUser(suite().repos, NOW);

  function entry(count: number, day: string, uuid = randomUUID()): NewEntry {
    return { uuid, count, date: `${day}T12:00:00.000Z`, day, created_at: NOW, updated_at: NOW };
  }

  /** A log as the API makes it: in a transaction, the bands' moves before its commit. */
  function log(firebaseUid: string, written: NewEntry) {
    const run = engineSql.transactions(suite().db.handle.db);
    return run(async (trx) => {
      const bands = RankBandMoves.deferred(trx, engineSql.applyRankBandMoves);
      const logged = await engineSql.logEntry(trx, firebaseUid, written, RANGE, bands);
      await bands.applyPending();
      return logged;
    });
  }

  it('logs nothing for a user who does not exist', async () => {
    const written = entry(5, '2025-06-01');
    expect(await log('no-such-uid', written)).toBeUndefined();
    expect(await suite().repos.pushups.findByUuid(written.uuid)).toBeUndefined();
  });

  it('logs an entry: its day’s sum, the running total, the revision and the rank band', async () => {
    const user = await newUser();
    const first = await log(user.firebaseUid, entry(7, '2025-06-01'));
    expect(first?.user).toEqual({
      uuid: user.uuid,
      personal_goal: null,
      goal_deadline: null,
      rest_days_per_week: 0,
    });
    expect(first?.written).toEqual({ dayTotal: 7, total: 7 });
    const second = await log(user.firebaseUid, entry(40, '2025-06-01'));
    expect(second?.written).toEqual({ dayTotal: 47, total: 47 });
    expect(await suite().repos.pushups.dailyTotals(user.uuid, '2025-06-01', '2025-06-01')).toEqual([
      { day: '2025-06-01', total: 47 },
    ]);
    const history = await suite().repos.habits.historyOf(user.uuid);
    expect(history?.revision).toBe(1);
    expect(await storedRankBands(suite())).toEqual(await recountRankBuckets(suite().db.handle.db));
  });

  it('writes nothing for a uuid already taken, by the same user or another', async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const taken = entry(9, '2025-06-02');
    await log(owner.firebaseUid, taken);
    const again = await log(owner.firebaseUid, taken);
    expect(again?.user.uuid).toBe(owner.uuid);
    expect(again?.written).toBeUndefined();
    const stolen = await log(other.firebaseUid, { ...taken, count: 500 });
    expect(stolen?.written).toBeUndefined();
    expect(await suite().repos.pushups.totalOf(owner.uuid)).toBe(9);
    expect(await suite().repos.pushups.totalOf(other.uuid)).toBeUndefined();
    expect(await suite().repos.pushups.findByUuid(taken.uuid)).toMatchObject({
      user_uuid: owner.uuid,
      count: 9,
    });
  });

  it('returns a streak check, when it returns one, equal to the one read after the write', async () => {
    const user = await newUser();
    await suite().repos.transaction((r) => r.habits.earn(user.uuid, ['first-pushup'], NOW));
    for (const day of ['2025-06-03', '2025-06-05']) await log(user.firebaseUid, entry(3, day));
    const logged = await log(user.firebaseUid, entry(4, '2025-06-04'));
    const readAfter = await suite().repos.habits.streakCheckOf(user.uuid, RANGE);
    expect(readAfter.days.map((d) => d.day)).toEqual(['2025-06-03', '2025-06-04', '2025-06-05']);
    // PostgreSQL's one statement reads it when no other write came between (decision 030).
    if (engine === 'postgres') expect(logged?.streakCheck).toBeDefined();
    if (logged?.streakCheck) expect(logged.streakCheck).toEqual(readAfter);
    // The same day again is not its first entry: no check is needed.
    expect((await log(user.firebaseUid, entry(1, '2025-06-04')))?.written?.dayTotal).toBe(5);
  });

  it('writes a subquery’s rows as JSON arrays or objects, in order, and [] for none', async () => {
    const user = await newUser();
    for (const [day, count] of [
      ['2025-06-08', 2],
      ['2025-06-06', 1],
    ] as const)
      await log(user.firebaseUid, entry(count, day));
    const of = (shape: 'arrays' | 'objects', uuid: string) =>
      sql<{ json: string }>`select ${engineSql.jsonRows(
        ['day', 'total'],
        'day',
        sql`from user_days where user_uuid = ${uuid}`,
        shape,
      )} as json`.execute(suite().db.handle.db);
    const arrays = await of('arrays', user.uuid);
    expect(JSON.parse(arrays.rows[0]?.json ?? '')).toEqual([
      ['2025-06-06', 1],
      ['2025-06-08', 2],
    ]);
    const objects = await of('objects', user.uuid);
    expect(JSON.parse(objects.rows[0]?.json ?? '')).toEqual([
      { day: '2025-06-06', total: 1 },
      { day: '2025-06-08', total: 2 },
    ]);
    expect(JSON.parse((await of('arrays', randomUUID())).rows[0]?.json ?? '')).toEqual([]);
  });

  it('adds the bands’ moves to their counts in one statement, up and down', async () => {
    const before = await storedRankBands(suite());
    await engineSql.applyRankBandMoves(suite().db.handle.db, [
      [3, 2],
      [40, -1],
    ]);
    const after = await storedRankBands(suite());
    expect(after[3]).toBe((before[3] ?? 0) + 2);
    expect(after[40]).toBe((before[40] ?? 0) - 1);
    await engineSql.applyRankBandMoves(suite().db.handle.db, [
      [3, -2],
      [40, 1],
    ]);
    expect(await storedRankBands(suite())).toEqual(before);
  });

  it('runs a transaction whole or not at all', async () => {
    const user = await newUser();
    const run = engineSql.transactions(suite().db.handle.db);
    await expect(
      run(async (trx) => {
        await trx.updateTable('users').set({ personal_goal: 99 }).where('uuid', '=', user.uuid).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await suite().repos.users.findByUuid(user.uuid))?.personal_goal).toBeNull();
    await run((trx) =>
      trx.updateTable('users').set({ personal_goal: 50 }).where('uuid', '=', user.uuid).execute(),
    );
    expect((await suite().repos.users.findByUuid(user.uuid))?.personal_goal).toBe(50);
  });
});
