import type { Kysely, Migration } from 'kysely';

/**
 * Leaderboard visibility (docs/product.md, "Leaderboard visibility"; decision 022): a user may hide
 * from the global leaderboard. The choice lives in `user_totals.hidden` (0 shown, 1 hidden), the row
 * the leaderboard reads, so that its index can leave hidden users out: the top rows, the cut and a
 * caller's rank are then still ranges of one index, whatever the number of hidden users. A user
 * who hides before logging anything gets a running total of 0 to hold the choice.
 *
 * The index on (hidden, total, user_uuid) replaces the one on (total, user_uuid): every leaderboard
 * query asks for `hidden = 0` first. Everyone is shown today, so the rank bands (which count only
 * shown users from now on) stay as they are.
 */
export const leaderboardVisibility: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user_totals')
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('user_totals_shown_total_idx')
      .on('user_totals')
      .columns(['hidden', 'total', 'user_uuid'])
      .execute();
    await db.schema.dropIndex('user_totals_total_idx').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('user_totals_total_idx')
      .on('user_totals')
      .columns(['total', 'user_uuid'])
      .execute();
    await db.schema.dropIndex('user_totals_shown_total_idx').execute();
    await db.schema.alterTable('user_totals').dropColumn('hidden').execute();
  },
};
