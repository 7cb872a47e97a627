import type { Kysely, Migration } from 'kysely';

/**
 * `user_totals.revision` counts the changes of a user's day sums: every entry write raises it in the
 * statement that moves the running total, in the same transaction as the day sums. An API process
 * caches what it computes from a user's day sums under the revision it read them at (decision 028),
 * so a group read asks the database only for the members whose revision moved: correct with any number of processes, without a lifetime. Existing rows start at 0.
 */
export const daySumsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user_totals')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user_totals').dropColumn('revision').execute();
  },
};
