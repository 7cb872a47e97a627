import { type Kysely, type RawBuilder, sql } from 'kysely';
import { pgRankBucket } from '../../db/rank-buckets';
import type { Database } from '../../db/schema';
import { columnName, type JsonColumn, type JsonRowShape } from '../json-rows';
import { NEVER_LOGGED } from '../never-logged';
import { parseStreakCheck, streakCheckColumns } from '../streak-check';
import { USER_HABITS_COLUMNS, type UserHabits } from '../users.repository';
import { bandValues } from './band-values';
import type { EngineSql } from './engine-sql';

/**
 * The common table expressions that add each move to its band's count; `moves` is a query or VALUES
 * list of (band, users) rows. The rows are locked in ascending band order first (a locking SELECT
 * sorts before it locks), so two transactions moving users in opposite directions queue instead of
 * deadlocking.
 */
function bandUpdate(moves: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`moves (bucket, users) as (${moves}),
    locked as (
      select rank_buckets.bucket from rank_buckets inner join moves on moves.bucket = rank_buckets.bucket
      order by rank_buckets.bucket for update of rank_buckets
    ),
    moved as (
      update rank_buckets set users = rank_buckets.users + moves.users
      from moves inner join locked on locked.bucket = moves.bucket
      where rank_buckets.bucket = moves.bucket
    )`;
}

/** A JSON row of bare columns (json-rows.ts, JsonColumn) as the text of one concatenation. */
function concatenatedRow(columns: readonly JsonColumn[], shape: JsonRowShape): string {
  const values = columns.map((column) => {
    const name = columnName(column);
    const value = typeof column !== 'string' && column.bare === 'text' ? `'"' || ${name} || '"'` : `${name}`;
    return shape === 'objects' ? `'"${name}":' || ${value}` : value;
  });
  const [open, close] = shape === 'objects' ? ['{', '}'] : ['[', ']'];
  return `'${open}' || ${values.join(` || ',' || `)} || '${close}'`;
}

/**
 * The user's row locked until commit as an update locks it (`for no key update`), answering what
 * earning needs of the profile. Unlike the no-op update that locks it on SQLite (and for other
 * writes), it writes no new version of the row: a log then leaves no dead row in `users` for every
 * entry, to slow the next lookups of that user until a vacuum.
 */
function lockedWithHabits(db: Kysely<Database>, firebaseUid: string) {
  return db
    .selectFrom('users')
    .select(USER_HABITS_COLUMNS)
    .where('firebase_uid', '=', firebaseUid)
    .forNoKeyUpdate();
}

/**
 * PostgreSQL (pg): every statement is a round trip, and a log's round trips bound its rate, so a log
 * is one statement (decision 030).
 */
export const postgresSql: EngineSql = {
  engine: 'postgres',

  transactions: (db) => (work) => db.transaction().execute(work),

  jsonRows(columns, orderBy, from, shape: JsonRowShape = 'arrays') {
    const order = orderBy === null ? '' : ` order by ${orderBy}`;
    const bare = columns.every((c) => typeof c !== 'string');
    if (bare) {
      return sql<string>`(select ${sql.raw(`'[' || coalesce(string_agg(${concatenatedRow(columns, shape)}, ','${order}), '') || ']'`)} ${from})`;
    }
    const names = columns.map(columnName);
    const row =
      shape === 'objects'
        ? `json_build_object(${names.map((c) => `'${c}', ${c}`).join(', ')})`
        : `json_build_array(${names.join(', ')})`;
    return sql<string>`(select ${sql.raw(`coalesce(json_agg(${row}${order}), '[]'::json)::text`)} ${from})`;
  },

  /**
   * The lock and all the writes in one statement. The entry is inserted from the locked row, so only
   * once the lock is held, and no write reads through the statement's snapshot (taken before a wait
   * for the lock): the upserts and the lock see the latest rows, and the bands are those of
   * the total the upsert returns, even when another transaction of the user committed meanwhile. An
   * insert of a uuid another transaction is inserting waits for that one to end, then does nothing if
   * it committed.
   *
   * On a day's first entry the statement also reads the streak check through that snapshot, and
   * returns it only when no other write of the user's days came between the snapshot and the lock:
   * every such write raises the day sums' revision, so the revision the upsert returns is then
   * exactly one more than the one the snapshot holds.
   */
  async logEntry(db, firebaseUid, entry, streakRange) {
    const [earned, days] = streakCheckColumns(
      postgresSql.jsonRows,
      sql`(select uuid from caller)`,
      streakRange,
    );
    const { rows } = await sql<
      UserHabits & {
        day_total: number | null;
        total: number | null;
        earned: string | null;
        days: string | null;
      }
    >`
      with caller as (${lockedWithHabits(db, firebaseUid)}),
      inserted as (
        insert into pushups (uuid, user_uuid, count, date, day, created_at, updated_at)
        select ${entry.uuid}, uuid, cast(${entry.count} as integer), ${entry.date}, ${entry.day},
          ${entry.created_at}, ${entry.updated_at}
        from caller
        on conflict (uuid) do nothing
        returning user_uuid, day, count
      ),
      day_sum as (
        insert into user_days (user_uuid, day, total)
        select user_uuid, day, count from inserted
        on conflict (user_uuid, day) do update set total = user_days.total + excluded.total
        returning total
      ),
      running as (
        insert into user_totals (user_uuid, total, updated_at)
        select user_uuid, count, ${entry.updated_at} from inserted
        on conflict (user_uuid) do update set
          total = user_totals.total + excluded.total,
          updated_at = excluded.updated_at,
          revision = user_totals.revision + 1
        returning total, total - ${entry.count} as total_before, hidden, revision
      ),
      fresh as (
        select 1 from running
        where running.revision = 1 + coalesce(
          (select revision from user_totals where user_uuid = (select uuid from caller)),
          ${NEVER_LOGGED}
        )
        and (select total from day_sum) = ${entry.count}
      ),
      ${bandUpdate(sql`
        select bucket, cast(sum(users) as integer) from (
          select ${pgRankBucket(sql`total_before`)} as bucket, -1 as users from running where hidden = 0
          union all
          select ${pgRankBucket(sql`total`)}, 1 from running where hidden = 0
        ) as band_moves
        where bucket is not null
        group by bucket
        having sum(users) <> 0`)}
      select uuid, personal_goal, goal_deadline, rest_days_per_week,
        (select total from day_sum) as day_total, (select total from running) as total,
        case when exists (select 1 from fresh) then ${earned} end as earned,
        case when exists (select 1 from fresh) then ${days} end as days
      from caller`.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    const { day_total, total, earned: earnedJson, days: daysJson, ...user } = row;
    if (day_total == null || total == null) return { user };
    const written = { dayTotal: day_total, total };
    if (earnedJson === null || daysJson === null) return { user, written };
    const streakCheck = parseStreakCheck({ earned: earnedJson, days: daysJson });
    // The snapshot holds no row of the written day (its first entry): it joins in its place.
    const at = streakCheck.days.findIndex((d) => d.day > entry.day);
    streakCheck.days.splice(at < 0 ? streakCheck.days.length : at, 0, { day: entry.day, total: day_total });
    return { user, written, streakCheck };
  },

  async applyRankBandMoves(db, moves) {
    await sql`with ${bandUpdate(sql`values ${bandValues(moves)}`)} select 1`.execute(db);
  },

  async overwriteDeletedRows() {
    // Dead rows stay until VACUUM reuses their space: the operator's files, not reachable through
    // the app (docs/security.md, "Deleting an account").
  },

  async databaseBytes(db) {
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  },
};
