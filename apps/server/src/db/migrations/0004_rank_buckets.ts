import { type Kysely, type Migration, sql } from 'kysely';

/*
 * The bands as they were when this migration was written (db/rank-buckets.ts has the live code). A
 * migration is history: it keeps its own copy, so a later change to the bands cannot change what
 * it did; such a change comes with a migration that refills the table.
 */
const EXACT_BELOW = 32;
const PER_OCTAVE = 16;
const BUCKET_COUNT = PER_OCTAVE * (53 - 3);

function bucketOf(total: number): number {
  if (total < EXACT_BELOW) return total;
  let bit = Math.floor(Math.log2(total));
  if (2 ** bit > total) bit -= 1;
  else if (2 ** (bit + 1) <= total) bit += 1;
  return PER_OCTAVE * (bit - 3) + Math.floor(total / 2 ** (bit - 4)) - PER_OCTAVE;
}

/**
 * How many users have a running total in each band of totals (db/rank-buckets.ts), kept
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
    const perBucket = new Array<number>(BUCKET_COUNT).fill(0);
    for (const row of rows) {
      const bucket = bucketOf(Number(row.total));
      perBucket[bucket] = (perBucket[bucket] as number) + Number(row.users);
    }
    const all = perBucket.map((users, bucket) => ({ bucket, users }));
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
