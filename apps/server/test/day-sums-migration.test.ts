/**
 * Migration 0009_day_sums_by_user: on SQLite the day sums move into a WITHOUT ROWID table
 * (one b-tree in key order); every row, the key and the reference to users stay, and it goes back.
 * On PostgreSQL it changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createRepositories } from '../src/repositories';
import { newUserRow } from '../src/repositories/users.repository';
import { createUnmigratedTestDatabase, engines } from './helpers';

const NOW = '2026-11-24T12:00:00.000Z';

describe.each(engines)('migration 0009_day_sums_by_user on %s', (engine) => {
  it('keeps every day sum, the key and the reference, and goes back', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0008_preferences')).error).toBeUndefined();
      const users = [randomUUID(), randomUUID()];
      for (const uuid of users) {
        await db
          .insertInto('users')
          .values(
            newUserRow({
              uuid,
              firebaseUid: uuid,
              username: `m_${uuid.slice(0, 8)}`,
              email: `${uuid}@example.com`,
              tierId: 'default',
              now: NOW,
            }),
          )
          .execute();
      }
      const days = users.flatMap((user_uuid, u) =>
        ['2025-01-01', '2025-03-04', '2026-11-24'].map((day, d) => ({
          user_uuid,
          day,
          total: 10 * u + d + 1,
        })),
      );
      await db.insertInto('user_days').values(days).execute();
      const stored = () =>
        db.selectFrom('user_days').selectAll().orderBy('user_uuid').orderBy('day').execute();
      const before = await stored();
      const withoutRowid = async () =>
        engine === 'sqlite'
          ? (await sql<{ wr: number }>`select wr from pragma_table_list where name = 'user_days'`.execute(db))
              .rows[0]?.wr
          : undefined;

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await stored()).toEqual(before);
      expect(await withoutRowid()).toBe(engine === 'sqlite' ? 1 : undefined);
      // The app's writes and reads work on it: a day grows, a new one comes, a user's range reads.
      const repos = createRepositories(scratch.handle);
      const [first] = users as [string, string];
      expect(await repos.pushups.addToDay(first, '2025-03-04', 5)).toBe(7);
      expect(await repos.pushups.addToDay(first, '2025-03-05', 4)).toBe(4);
      expect(await repos.pushups.dailyTotals(first, '2025-03-01', '2025-03-31')).toEqual([
        { day: '2025-03-04', total: 7 },
        { day: '2025-03-05', total: 4 },
      ]);
      // The key and the reference to users hold.
      await expect(
        db.insertInto('user_days').values({ user_uuid: first, day: '2025-01-01', total: 1 }).execute(),
      ).rejects.toThrow();
      await expect(
        db.insertInto('user_days').values({ user_uuid: randomUUID(), day: '2025-01-01', total: 1 }).execute(),
      ).rejects.toThrow();

      // And back: the same rows in a rowid table.
      const after = await stored();
      expect((await migrator.migrateTo('0008_preferences')).error).toBeUndefined();
      expect(await stored()).toEqual(after);
      expect(await withoutRowid()).toBe(engine === 'sqlite' ? 0 : undefined);
    } finally {
      await scratch.drop();
    }
  });
});
