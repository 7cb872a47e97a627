import { type Kysely, type Migration, sql } from 'kysely';
import { usersPerBucket } from '../../repositories/rank-buckets';

/**
 * How many users have a running total in each band of totals (repositories/rank-buckets.ts), kept
 * in the same transaction as `user_totals`: a caller's leaderboard rank then costs a sum over a
 * few hundred rows and a count within one band, whatever the number of users. Every band has its
 * row from the start, so a change is a plain update of two rows.
 */
export const rankBuckets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rank_buckets')
      .addColumn('bucket', 'integer', (c) => c.primaryKey())
      .addColumn('users', 'integer', (c) => c.notNull())
      .execute();

    // The bands of the totals already logged (one row per distinct total, not per user).
    const { rows } = await sql<{ total: number; users: number | string }>`
      select total, count(*) as users from user_totals where total > 0 group by total`.execute(db);
    const all = usersPerBucket(
      rows.map((row) => ({ total: Number(row.total), users: Number(row.users) })),
    ).map((users, bucket) => ({ bucket, users }));
    for (let start = 0; start < all.length; start += 400) {
      await db
        .insertInto('rank_buckets' as never)
        .values(all.slice(start, start + 400) as never)
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rank_buckets').execute();
  },
};
