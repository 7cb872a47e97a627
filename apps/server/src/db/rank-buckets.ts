/**
 * Rank buckets: how many users have a running total within each band of totals. A caller's rank
 * is then a sum over the bands above theirs (a few hundred small rows) plus a count inside their
 * own band, instead of a count of every user with a higher total, which for a caller near the
 * bottom means scanning nearly all users.
 *
 * Bands: one per total below 32, then 16 per power of two, so no band is wider than 1/16 of the
 * totals in it. Totals of 0 are in no band: they are never ranked.
 */

import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema';

const EXACT_BELOW = 32;
const PER_OCTAVE = 16;

/** One past the highest band: enough for every total below 2^53. */
export const RANK_BUCKET_COUNT = PER_OCTAVE * (53 - 3);

/** The position of the highest set bit of a positive integer (exact, unlike Math.log2 alone). */
function highBit(total: number): number {
  let bit = Math.floor(Math.log2(total));
  if (2 ** bit > total) bit -= 1;
  else if (2 ** (bit + 1) <= total) bit += 1;
  return bit;
}

/** The band of a total; null for totals of 0 or less. Never decreases as the total grows. */
export function rankBucket(total: number): number | null {
  if (total <= 0) return null;
  if (total < EXACT_BELOW) return total;
  const bit = highBit(total);
  // The 4 bits after the highest one pick one of the 16 bands of this power of two.
  const sub = Math.floor(total / 2 ** (bit - 4)) - PER_OCTAVE;
  return PER_OCTAVE * (bit - 3) + sub;
}

/**
 * `rankBucket` as a PostgreSQL expression of an integer column: a log on PostgreSQL moves its bands in
 * the statement that adds to its total, from the total that statement returns (decision 030). The highest set bit is
 * the length of the total's binary digits, from its bit(64) text, minus one.
 */
export function pgRankBucket(total: RawBuilder<unknown>): RawBuilder<number | null> {
  const digits = sql`length(ltrim(cast(cast(${total} as bigint) as bit(64))::text, '0'))`;
  return sql<number | null>`(case
    when ${total} <= 0 then null
    when ${total} < ${sql.lit(EXACT_BELOW)} then cast(${total} as integer)
    else cast(${sql.lit(PER_OCTAVE)} * (${digits} - 4) + (cast(${total} as bigint) >> (${digits} - 5)) - ${sql.lit(PER_OCTAVE)} as integer)
  end)`;
}

/** The smallest total in a band (so band b holds totals from lowestTotalOf(b) to lowestTotalOf(b + 1) - 1). */
export function lowestTotalOf(bucket: number): number {
  if (bucket < EXACT_BELOW) return bucket;
  const bit = Math.floor(bucket / PER_OCTAVE) + 3;
  return (PER_OCTAVE + (bucket % PER_OCTAVE)) * 2 ** (bit - 4);
}

/** The users per band (index = band) of users counted per total; for filling `rank_buckets` at once. */
export function usersPerBucket(counts: Iterable<{ total: number; users: number }>): number[] {
  const users = new Array<number>(RANK_BUCKET_COUNT).fill(0);
  for (const { total, users: n } of counts) {
    const bucket = rankBucket(total);
    if (bucket !== null) users[bucket] = (users[bucket] as number) + n;
  }
  return users;
}

/**
 * What every band should hold, recounted from the running totals of the users shown on the
 * leaderboard (hidden ones are in no band; docs/product.md, "Leaderboard visibility"): the check of
 * migrate-to, the bench and the tests against the stored bands.
 */
export async function recountRankBuckets(db: Kysely<Database>): Promise<number[]> {
  const perTotal = await db
    .selectFrom('user_totals')
    .select((eb) => ['total', eb.fn.countAll<number | string>().as('users')])
    .where('total', '>', 0)
    .where('hidden', '=', 0)
    .groupBy('total')
    .execute();
  return usersPerBucket(perTotal.map((row) => ({ total: Number(row.total), users: Number(row.users) })));
}
