/**
 * Achievements under concurrent writes (docs/product.md, "Achievements"; decision 019): each is
 * earned once per user, by the write that reaches it, however many writes of that user run at the
 * same moment, through one API process or two on one database (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { addDays, dayInZone, type PushupEntry } from '@pushup/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streakRange } from '../src/services/habits/earning';
import { groupsHarness, type Person } from './groups-helpers';
import { createTwoProcesses, engines, type TestServer, type TwoProcesses } from './helpers';

describe.each(engines)('achievements under concurrent writes on %s', (engine) => {
  let processes: TwoProcesses;
  let first: TestServer;
  let second: TestServer;
  const one = groupsHarness(() => first);
  const other = groupsHarness(() => second);

  beforeAll(async () => {
    processes = await createTwoProcesses(engine);
    ({ first, second } = processes);
  });
  afterAll(async () => {
    await processes?.close();
  });

  async function rowsOf(who: Person) {
    return one
      .db()
      .selectFrom('achievements')
      .select(['achievement_id', 'earned_at', 'seen_at'])
      .where('user_uuid', '=', who.uuid)
      .orderBy('achievement_id')
      .execute();
  }

  async function createdAtOf(who: Person): Promise<Set<string>> {
    const rows = await one
      .db()
      .selectFrom('pushups')
      .select('created_at')
      .where('user_uuid', '=', who.uuid)
      .execute();
    return new Set(rows.map((row) => row.created_at));
  }

  for (const processes of [1, 2]) {
    it(`earns each achievement once under 50 logs at once through ${processes} process(es)`, async () => {
      const [who] = await one.people(1);
      const harnesses = processes === 1 ? [one] : [one, other];
      // 50 x 2: the total and the day both pass 50 and reach 100 exactly.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (harnesses[i % harnesses.length] as typeof one).call(who, 'POST', '/api/pushups', { count: 2 }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
      const rows = await rowsOf(who);
      expect(rows.map((row) => row.achievement_id)).toEqual([
        'day-100',
        'day-50',
        'first-entry',
        'total-100',
      ]);
      // Each earned by one of the 50 writes, at that write's instant, and not yet announced.
      const instants = await createdAtOf(who);
      for (const row of rows) {
        expect(instants.has(row.earned_at), row.achievement_id).toBe(true);
        expect(row.seen_at).toBeNull();
      }
      expect(
        await one.db().selectFrom('user_days').selectAll().where('user_uuid', '=', who.uuid).execute(),
      ).toEqual([{ user_uuid: who.uuid, day: answers[0]?.json<PushupEntry>().day, total: 100 }]);
    });
  }

  it('earns the streaks once when 30 days are back-dated at once through two processes', async () => {
    const [who] = await one.people(1);
    const today = dayInZone(new Date(), 'UTC');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? one : other).call(who, 'POST', '/api/pushups', {
          count: 1,
          date: `${addDays(today, -1 - i)}T12:00:00.000Z`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    // Whatever order they committed in, the write that completed each run saw the others.
    const ids = (await rowsOf(who)).map((row) => row.achievement_id);
    expect(ids).toEqual(['first-entry', 'streak-30', 'streak-7']);
  });

  it.runIf(engine === 'postgres')(
    'earns a streak that a log waiting for the user’s lock completes with a day committed meanwhile',
    async () => {
      // A log on PostgreSQL reads its streak check in its own statement, through a snapshot taken
      // before it waits for the user's lock (decision 030): here that snapshot lacks the day committed
      // while it waited, and the log must read the days again to see the run of seven.
      const [who] = await one.people(1);
      const today = dayInZone(new Date(), 'UTC');
      const day = (back: number) => addDays(today, -back);
      const log = (back: number) =>
        one.call(who, 'POST', '/api/pushups', { count: 1, date: `${day(back)}T12:00:00.000Z` });
      for (const back of [1, 2, 3, 6, 7]) expect((await log(back)).statusCode).toBe(201);

      let commit = () => {};
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another log of the same user holds the lock, its day (five days back) not yet committed.
      const other = first.repos.transaction(async (repos) => {
        const now = new Date().toISOString();
        const entry = {
          uuid: randomUUID(),
          count: 1,
          date: now,
          day: day(5),
          created_at: now,
          updated_at: now,
        };
        await repos.pushups.logEntry(who.account.uid, entry, streakRange(day(5)));
        locked();
        await committed;
      });
      await holding;
      const waiting = log(4);
      // Its statement has taken its snapshot and waits for the lock.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(one.db());
          return rows[0]?.n;
        })
        .toBeGreaterThan(0);
      commit();
      await other;
      expect((await waiting).statusCode).toBe(201);
      expect((await rowsOf(who)).map((row) => row.achievement_id)).toEqual(['first-entry', 'streak-7']);
    },
  );

  it('earns the first group once when ten invite links are used at once', async () => {
    const admins = await one.people(10);
    const joiner = await one.person({ maxGroups: 20, maxMembersPerGroup: 10 });
    const codes: string[] = [];
    for (const admin of admins) {
      const group = await one.createGroup(admin);
      codes.push((await one.createInvite(admin, group.id)).code);
    }
    const answers = await Promise.all(
      codes.map((code, i) =>
        (i % 2 === 0 ? one : other).call(joiner, 'POST', `/api/groups/invites/${code}/accept`),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await rowsOf(joiner)).map((row) => row.achievement_id)).toEqual(['first-group']);
  });
});
