/**
 * Migration 0005_habits on a database with history (SQLite, and PostgreSQL with TEST_DATABASE_URL):
 * user_days is filled from the entries, rest days start at 0, and what each history already reached
 * is earned at the instant of the migration (docs/product.md, "Achievements"; decision 019).
 */
import { randomUUID } from 'node:crypto';
import { addDays } from '@pushup/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';

const NOW = '2026-01-01T12:00:00.000Z';

describe.each(engines)('migration 0005_habits on %s', (engine) => {
  it('fills the day sums and earns what each history already reached', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0004_rank_buckets')).error).toBeUndefined();
      const today = new Date().toISOString().slice(0, 10);

      /** A user as the schema of 0004 has them, with a goal. */
      const user = (goal: number | null, deadline: string | null) =>
        insertUserBefore(db, '0005', NOW, { personal_goal: goal, goal_deadline: deadline });
      async function entries(userUuid: string, list: [string, number][]) {
        let total = 0;
        for (const [day, count] of list) {
          total += count;
          await db
            .insertInto('pushups')
            .values({
              uuid: randomUUID(),
              user_uuid: userUuid,
              count,
              date: `${day}T12:00:00.000Z`,
              day,
              created_at: NOW,
              updated_at: NOW,
            })
            .execute();
        }
        await db.insertInto('user_totals').values({ user_uuid: userUuid, total, updated_at: NOW }).execute();
      }

      // a: 8 days in a row (135 a day, one lowered by a negative entry), a later day of 2 x 60;
      // 1,185 in all; a goal of 1,000 met in time.
      const a = await user(1000, addDays(today, 30));
      await entries(a, [
        ...Array.from({ length: 8 }, (_, i) => [addDays('2025-06-01', i), 135] as [string, number]),
        ['2025-06-03', -15],
        ['2025-09-01', 60],
        ['2025-09-01', 60],
      ]);
      // b: in a group; 6 days in a row but one of them only at 0; a goal not met.
      const b = await user(1000, null);
      await entries(b, [
        ['2025-02-01', 10],
        ['2025-02-02', 10],
        ['2025-02-03', 0],
        ['2025-02-04', 10],
        ['2025-02-05', 10],
        ['2025-02-06', 10],
        ['2025-02-07', 10],
      ]);
      const group = randomUUID();
      await db
        .insertInto('groups')
        .values({
          id: group,
          name: 'Old crew',
          name_lower: 'old crew',
          description: null,
          created_by: b,
          max_members: 10,
          member_count: 1,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
      await db
        .insertInto('group_members')
        .values({ group_id: group, user_uuid: b, role: 'admin', joined_at: NOW })
        .execute();
      // c: met a goal whose deadline has passed; d: nothing at all.
      const c = await user(20, '2025-03-01');
      await entries(c, [['2025-02-01', 25]]);
      const d = await user(null, null);

      const before = new Date().toISOString();
      expect((await migrator.migrateTo('0005_habits')).error).toBeUndefined();
      const after = new Date().toISOString();

      const { rows: recount } = await sql<{ user_uuid: string; day: string; total: number | string }>`
        select user_uuid, day, sum(count) as total from pushups group by user_uuid, day having sum(count) > 0`.execute(
        db,
      );
      const stored = await db.selectFrom('user_days').selectAll().execute();
      const key = (r: { user_uuid: string; day: string; total: number | string }) =>
        `${r.user_uuid} ${r.day} ${Number(r.total)}`;
      expect(stored.map(key).sort()).toEqual(recount.map(key).sort());
      expect(stored.filter((r) => r.user_uuid === b).map((r) => r.day)).not.toContain('2025-02-03');
      expect(stored.find((r) => r.user_uuid === a && r.day === '2025-09-01')?.total).toBe(120);

      const restDays = await db.selectFrom('users').select('rest_days_per_week').execute();
      expect(restDays.map((r) => r.rest_days_per_week)).toEqual([0, 0, 0, 0]);

      const earned = await db.selectFrom('achievements').selectAll().execute();
      const idsOf = (uuid: string) =>
        earned
          .filter((r) => r.user_uuid === uuid)
          .map((r) => r.achievement_id)
          .sort();
      expect(idsOf(a)).toEqual(
        ['day-100', 'day-50', 'first-entry', 'goal-reached', 'streak-7', 'total-100', 'total-1000'].sort(),
      );
      // The day at 0 breaks b's run: 4 days in a row at most, no 7-day streak.
      expect(idsOf(b)).toEqual(['first-entry', 'first-group']);
      expect(idsOf(c)).toEqual(['first-entry']);
      expect(idsOf(d)).toEqual([]);
      const instants = new Set(earned.map((r) => r.earned_at));
      expect(instants.size).toBe(1);
      const [instant] = [...instants] as [string];
      expect(instant >= before && instant <= after).toBe(true);
      expect(earned.every((r) => r.seen_at === null)).toBe(true);

      // And back: the tables and the column go.
      expect((await migrator.migrateTo('0004_rank_buckets')).error).toBeUndefined();
      const { rows: tables } =
        engine === 'sqlite'
          ? await sql<{ n: number | string }>`
              select count(*) as n from sqlite_master where name in ('user_days', 'achievements')`.execute(db)
          : await sql<{ n: number | string }>`
              select count(*) as n from information_schema.tables
              where table_schema = current_schema() and table_name in ('user_days', 'achievements')`.execute(
              db,
            );
      expect(Number(tables[0]?.n)).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
