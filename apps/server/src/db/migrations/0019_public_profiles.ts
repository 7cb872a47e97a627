import type { Kysely, Migration } from 'kysely';

/**
 * Public profiles (docs/product.md, "Public profile"): one row per user who has opened the settings,
 * with whether `/u/<username>` shows anything and which parts. No row, or `enabled` 0, is private:
 * every existing user stays private. `timezone` is the owner's zone as their app last sent it, so
 * that a visitor sees the owner's days (streak, heatmap) as the owner does. Each part is 0 or 1 (both
 * engines read an integer alike). Nothing caches the row: every public read reads it, so turning the
 * profile off takes effect at once in every API process. The row goes with its user.
 */
export const publicProfiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('public_profiles')
      .addColumn('user_uuid', 'text', (c) => c.primaryKey().references('users.uuid').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_totals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_records', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_heatmap', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_achievements', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('public_profiles').execute();
  },
};
