/**
 * Migration 0017_operators_and_audit on a database with data (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): new tables only, every existing row stays as it was; it reverts cleanly.
 */
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createUnmigratedTestDatabase, engines } from './helpers';

const NOW = '2026-11-27T12:00:00.000Z';

describe.each(engines)('migration 0017_operators_and_audit on %s', (engine) => {
  it('keeps the existing invites and tiers, adds empty operator and audit tables, and reverts', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0016_group_challenges')).error).toBeUndefined();
      await db
        .insertInto('platform_invites')
        .values({ email_lower: 'kept@example.com', invited_at: NOW, tier_id: null })
        .execute();
      const before = {
        invites: await db.selectFrom('platform_invites').selectAll().execute(),
        tiers: await db.selectFrom('subscription_tiers').selectAll().execute(),
      };

      expect((await migrator.migrateTo('0017_operators_and_audit')).error).toBeUndefined();
      expect(await db.selectFrom('platform_invites').selectAll().execute()).toEqual(before.invites);
      expect(await db.selectFrom('subscription_tiers').selectAll().execute()).toEqual(before.tiers);
      expect(await db.selectFrom('operators').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('audit_targets').selectAll().execute()).toEqual([]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await db.selectFrom('platform_invites').selectAll().execute()).toEqual(before.invites);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await scratch.drop();
    }
  });
});
