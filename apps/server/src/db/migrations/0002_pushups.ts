import type { Kysely, Migration } from 'kysely';

/**
 * Push-up entries and the per-user running totals the leaderboard reads (docs/product.md, "Data rules").
 * Only portable column types; `date` is the instant as ISO text, `day` the calendar day
 * (`YYYY-MM-DD`) in the logger's zone, so day sums are plain range scans on both engines.
 */
export const pushups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pushups')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // A day's history, day ranges and daily sums: one range of (user, day), already in date order.
    // Also serves the foreign key (deleting a user finds its entries through it).
    await db.schema
      .createIndex('pushups_user_day_idx')
      .on('pushups')
      .columns(['user_uuid', 'day', 'date', 'uuid'])
      .execute();
    // The whole history newest first (order by date desc, uuid desc), read backwards with a limit.
    await db.schema
      .createIndex('pushups_user_date_idx')
      .on('pushups')
      .columns(['user_uuid', 'date', 'uuid'])
      .execute();

    await db.schema
      .createTable('user_totals')
      .addColumn('user_uuid', 'text', (c) => c.primaryKey().references('users.uuid'))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The leaderboard's top rows (read backwards) and a caller's rank (count of higher totals).
    await db.schema
      .createIndex('user_totals_total_idx')
      .on('user_totals')
      .columns(['total', 'user_uuid'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_totals').execute();
    await db.schema.dropTable('pushups').execute();
  },
};
