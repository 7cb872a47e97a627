/**
 * Migration 0018_disabled_accounts on a database with users (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): every existing account may still sign in (disabled_at null), nothing else of
 * its row changes, and it reverts cleanly.
 */
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';

const NOW = '2026-11-28T00:00:00.000Z';

describe.each(engines)('migration 0018_disabled_accounts on %s', (engine) => {
  it('leaves every existing account enabled and its row as it was, and reverts', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0017_operators_and_audit')).error).toBeUndefined();
      const uuid = await insertUserBefore(db, '0018', NOW);
      // Each read is worded apart: PostgreSQL refuses a prepared statement kept from before the
      // table's columns changed ('cached plan must not change result type').
      const row = (order: 'uuid' | 'username' | 'created_at') =>
        db.selectFrom('users').selectAll().where('uuid', '=', uuid).orderBy(order).executeTakeFirstOrThrow();
      const before = await row('uuid');

      expect((await migrator.migrateTo('0018_disabled_accounts')).error).toBeUndefined();
      const after = await row('username');
      expect(after).toEqual({ ...before, disabled_at: null });

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await row('created_at')).toEqual(before);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await scratch.drop();
    }
  });
});
