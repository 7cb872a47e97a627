import type { Kysely, Migration } from 'kysely';

/**
 * What the operators' usage numbers read (docs/product.md, "Calls"; decision 038). Existing rows stay.
 *
 * - `pushups_date_idx` on (date, user_uuid, count): the accounts active in the last 30 days and the
 *   entries per day over 90 days are one range of it, read from the index alone, instead of a scan
 *   of every entry.
 * - `reminder_sends.failed_pushes`: how many of a sent reminder's pushes failed (the push service
 *   refused or did not answer; a device found gone is removed, not counted), so the failures of the
 *   last day survive the process that sent them.
 */
export const usageCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('pushups_date_idx')
      .on('pushups')
      .columns(['date', 'user_uuid', 'count'])
      .execute();
    await db.schema
      .alterTable('reminder_sends')
      .addColumn('failed_pushes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reminder_sends').dropColumn('failed_pushes').execute();
    await db.schema.dropIndex('pushups_date_idx').execute();
  },
};
