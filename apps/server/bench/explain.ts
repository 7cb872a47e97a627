/**
 * `npm run bench -- --explain`: the plans of the queries behind the timed pages, as the engine
 * chooses them on the seeded data (EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL).
 * The SQL mirrors the repositories' queries (repositories/pushups.repository.ts); keep them alike.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../src/db/client';
import { lowestTotalOf, rankBucket } from '../src/db/rank-buckets';

export async function explainQueries(
  handle: DbHandle,
  sample: { userUuid: string; day: string; groupMembers: string[] },
): Promise<void> {
  const { db } = handle;
  const cut =
    (
      await db
        .selectFrom('user_totals')
        .select('total')
        .orderBy('total', 'desc')
        .limit(1)
        .offset(99)
        .executeTakeFirst()
    )?.total ?? 1;
  // A caller in the middle of the board: the rank is counted for them.
  const count = await db
    .selectFrom('user_totals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const middle =
    (
      await db
        .selectFrom('user_totals')
        .select('total')
        .orderBy('total')
        .limit(1)
        .offset(Math.floor(Number(count.n) / 2))
        .executeTakeFirst()
    )?.total ?? 1;
  const band = rankBucket(middle) ?? 0;
  const members = sample.groupMembers.map((uuid) => `'${uuid}'`).join(', ');
  const queries: [string, string][] = [
    [
      'a day’s history',
      `select uuid, count, date, day from pushups where user_uuid = '${sample.userUuid}' and day >= '${sample.day}' and day <= '${sample.day}' order by date desc, uuid desc limit 1000`,
    ],
    [
      '30 daily sums',
      `select day, sum(count) as total from pushups where user_uuid = '${sample.userUuid}' and day >= '2025-06-01' and day <= '2025-06-30' group by day order by day`,
    ],
    [
      'leaderboard cut',
      'select total from user_totals where hidden = 0 and total > 0 order by total desc limit 1 offset 99',
    ],
    [
      'leaderboard rows',
      `select t.user_uuid, t.total, (select u.username from users u where u.uuid = t.user_uuid) as username from user_totals t where t.hidden = 0 and t.total >= ${cut} order by t.total desc`,
    ],
    [
      `rank of a caller in the middle (total ${middle}, band ${band})`,
      `select (select coalesce(sum(users), 0) from rank_buckets where bucket > ${band}) as in_bands_above, (select count(*) from user_totals where hidden = 0 and total > ${middle} and total < ${lowestTotalOf(band + 1)}) as above_in_band`,
    ],
    [
      'group stats: week and month sums of 10 members',
      `select user_uuid, sum(count) from pushups where user_uuid in (${members}) and day >= '2025-06-01' and day <= '2025-06-30' group by user_uuid`,
    ],
  ];
  for (const [name, query] of queries) {
    const prefix = handle.engine === 'sqlite' ? 'explain query plan ' : 'explain analyze ';
    const { rows } = await sql.raw<Record<string, unknown>>(prefix + query).execute(db);
    const lines = rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    console.log(`\n${name}:\n  ${lines.join('\n  ')}`);
  }
}
