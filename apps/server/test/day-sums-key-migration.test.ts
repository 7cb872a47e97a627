/**
 * Migration 0011_day_sums_in_their_key: on PostgreSQL the primary key of the day sums carries
 * `total`, so a user's days are read from the key alone; every row and the key's rule stay, the
 * app's writes and reads work on it, and it goes back. On SQLite it changes nothing.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createRepositories } from '../src/repositories';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';

const NOW = '2026-11-27T12:00:00.000Z';

describe.each(engines)('migration 0011_day_sums_in_their_key on %s', (engine) => {
  it('puts the total into the key on PostgreSQL, keeps every day sum, and goes back', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0010_day_sums_revision')).error).toBeUndefined();
      const user = await insertUserBefore(db, '0011', NOW);
      await db
        .insertInto('user_days')
        .values([
          { user_uuid: user, day: '2025-01-01', total: 3 },
          { user_uuid: user, day: '2026-11-27', total: 40 },
        ])
        .execute();
      const stored = () => db.selectFrom('user_days').selectAll().orderBy('day').execute();
      const before = await stored();
      // The definition of the primary key's index; SQLite's table is its key (0009).
      const primaryKey = async () =>
        engine === 'postgres'
          ? (
              await sql<{ def: string }>`
                select pg_get_indexdef(conindid) as def from pg_constraint
                where conname = 'user_days_pkey' and conrelid = 'user_days'::regclass`.execute(db)
            ).rows[0]?.def
          : 'stored in key order (0009)';

      expect(await primaryKey()).not.toContain('INCLUDE');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await stored()).toEqual(before);
      if (engine === 'postgres') {
        expect(await primaryKey()).toMatch(
          /UNIQUE INDEX user_days_pkey .*\(user_uuid, day\) INCLUDE \(total\)/,
        );
      }
      // The app's writes and reads: a day grows, a new one comes, a range reads, the key holds.
      const repos = createRepositories(scratch.handle);
      expect(await repos.pushups.addToDay(user, '2026-11-27', 5)).toBe(45);
      expect(await repos.pushups.addToDay(user, '2026-11-26', 4)).toBe(4);
      expect(await repos.pushups.dailyTotals(user, '2026-11-01', '2026-11-30')).toEqual([
        { day: '2026-11-26', total: 4 },
        { day: '2026-11-27', total: 45 },
      ]);
      await expect(
        db.insertInto('user_days').values({ user_uuid: user, day: '2025-01-01', total: 1 }).execute(),
      ).rejects.toThrow();

      const after = await stored();
      expect((await migrator.migrateTo('0010_day_sums_revision')).error).toBeUndefined();
      expect(await stored()).toEqual(after);
      if (engine === 'postgres') expect(await primaryKey()).not.toContain('INCLUDE');
    } finally {
      await scratch.drop();
    }
  });
});
