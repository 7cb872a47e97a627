/**
 * Migration 0020_usage_counts on a database with data (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): an index and a column with a default, every existing row kept; it reverts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createRepositories } from '../src/repositories';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';

const NOW = '2026-11-27T12:00:00.000Z';

describe.each(engines)('migration 0020_usage_counts on %s', (engine) => {
  it('keeps the entries and the reminders sent, counts no failed push for them, and reverts', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0019_public_profiles')).error).toBeUndefined();
      const user = await insertUserBefore(db, '0020', NOW);
      await db
        .insertInto('pushups')
        .values({
          uuid: randomUUID(),
          user_uuid: user,
          count: 12,
          date: NOW,
          day: '2026-11-27',
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
      await db
        .insertInto('reminder_sends')
        .values({ user_uuid: user, day: '2026-11-27', sent_at: NOW } as never)
        .execute();
      const entries = await db.selectFrom('pushups').selectAll().execute();
      const sends = await db.selectFrom('reminder_sends').selectAll().execute();

      expect((await migrator.migrateTo('0020_usage_counts')).error).toBeUndefined();
      expect(await db.selectFrom('pushups').selectAll().execute()).toEqual(entries);
      expect(await db.selectFrom('reminder_sends').selectAll().execute()).toEqual([
        { ...sends[0], failed_pushes: 0 },
      ]);
      const repos = createRepositories(scratch.handle);
      await repos.reminders.recordFailedPushes(user, '2026-11-27', 2);
      await repos.reminders.recordFailedPushes(user, '2026-11-27', 1);
      expect(await repos.instance.pushesFailedSince('2026-11-27T00:00:00.000Z')).toBe(3);
      expect(await repos.instance.entriesPerDay(['2026-11-26', '2026-11-27'])).toEqual([
        { day: '2026-11-27', entries: 1, pushups: 12 },
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await db.selectFrom('reminder_sends').selectAll().execute()).toEqual(sends);
      expect(await db.selectFrom('pushups').selectAll().execute()).toEqual(entries);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await scratch.drop();
    }
  });
});
