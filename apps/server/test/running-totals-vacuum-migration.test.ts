/**
 * Migration 0012_running_totals_vacuumed_often: on PostgreSQL the running totals are vacuumed after
 * a thousand changed rows, and the setting goes back; on SQLite it changes nothing.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createUnmigratedTestDatabase, engines } from './helpers';

describe.each(engines)('migration 0012_running_totals_vacuumed_often on %s', (engine) => {
  it('vacuums the running totals after a thousand changed rows on PostgreSQL, and goes back', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      const options = async () =>
        engine === 'postgres'
          ? ((
              await sql<{ options: string[] | null }>`
                select reloptions as options from pg_class where oid = 'user_totals'::regclass`.execute(db)
            ).rows[0]?.options ?? [])
          : [];
      expect((await migrator.migrateTo('0011_day_sums_in_their_key')).error).toBeUndefined();
      expect(await options()).toEqual([]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await options()).toEqual(
        engine === 'postgres' ? ['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=1000'] : [],
      );
      expect((await migrator.migrateTo('0011_day_sums_in_their_key')).error).toBeUndefined();
      expect(await options()).toEqual([]);
    } finally {
      await scratch.drop();
    }
  });
});
