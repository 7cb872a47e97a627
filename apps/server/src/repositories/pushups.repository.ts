import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/client';
import { lowestTotalOf, pgRankBucket, rankBucket } from '../db/rank-buckets';
import type { Database, NewPushupRow, PushupRow } from '../db/schema';
import { parseStreakCheck, type StreakCheck, streakCheckColumns } from './streak-check';
import { lockWithHabitsQuery, type UserHabits } from './users.repository';

/** The fields an entry answer needs. */
export type PushupEntryRow = Pick<PushupRow, 'uuid' | 'count' | 'date' | 'day'>;

/** An entry with its owner, to tell a repeat of one's own entry from another user's id. */
export type OwnedPushupRow = PushupEntryRow & Pick<PushupRow, 'user_uuid'>;

export interface PushupChanges {
  count: number;
  date?: string;
  day?: string;
  updated_at: string;
}

/** Inclusive calendar-day bounds; either may be open. */
export interface DayBounds {
  from?: string | undefined;
  to?: string | undefined;
}

export interface TotalRow {
  user_uuid: string;
  username: string;
  username_lower: string;
  total: number;
}

/** A user's own standing: their row, and whether they hide from the global leaderboard. */
export interface StandingRow extends TotalRow {
  hidden: boolean;
}

/** [band, users] pairs as the rows of a VALUES list. */
function bandValues(moves: readonly [number, number][]): RawBuilder<unknown> {
  return sql.join(
    moves.map(([bucket, users]) => sql`(cast(${bucket} as integer), cast(${users} as integer))`),
  );
}

/**
 * The common table expressions that add each move to its band's count on PostgreSQL; `moves` is a
 * query or VALUES list of (band, users) rows. The rows are locked in ascending band order first (a
 * locking SELECT sorts before it locks), so two transactions moving users in opposite directions
 * queue instead of deadlocking.
 */
function pgBandUpdate(moves: RawBuilder<unknown>): RawBuilder<unknown> {
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

/** The day sums' revision of a user who never logged (no user_totals row); no kept revision is lower. */
export const NEVER_LOGGED = -1;

/**
 * Push-up entries and the per-user running totals. Every query here is a range of one index
 * (see migration 0002): the cost of a page never grows with the number of all users' entries.
 */
export class PushupsRepository {
  /**
   * @param bandMoves In a transaction: the rank bands' changes, made by `moveRankBands` just before
   * the commit (issue 19). null: each change is made at once.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly bandMoves: Map<number, number> | null = null,
  ) {}

  async insert(row: NewPushupRow): Promise<void> {
    await this.db.insertInto('pushups').values(row).execute();
  }

  /**
   * Inserts new entries (fresh uuids: an import, docs/product.md, "Import"), 500 to a statement so
   * that no statement passes either engine's limit of parameters.
   */
  async insertMany(rows: readonly NewPushupRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 500) {
      await this.db
        .insertInto('pushups')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  }

  /**
   * Logs a new entry (count of 1 or more) for the user with this Firebase uid, behind that user's
   * row lock (users.repository.ts, `lockWithHabitsQuery`), unless its uuid is taken: adds its count
   * to its day's sum and to the running total (raising the day sums' revision), and moves the user's
   * rank band. Answers what earning needs of the profile and the day's and the running total's new
   * sums (`written`), or no `written` when the uuid was taken and nothing was written; undefined
   * when there is no such user. A taken uuid is no error (so a PostgreSQL transaction is not
   * aborted, and a unique violation never becomes a 500): the caller decides what it means. The
   * lock is held until commit.
   *
   * On PostgreSQL the lock and all the writes are one statement (issue 19: a log's round trips bound
   * its rate). The entry is inserted from the locked row, so only once the lock is held, and no write
   * reads through the statement's snapshot (taken before a wait for the lock): the upserts and the
   * lock's update answer the latest rows, and the bands are those of the total the upsert answers,
   * even when another transaction of the user committed meanwhile. An insert of a uuid another
   * transaction is inserting waits for that one to end, then does nothing if it committed.
   *
   * On a day's first entry the same statement also reads the streak check of `streakRange`
   * (`streakCheck`, with the written day) through that snapshot, and answers it only when no other
   * write of the user's days came between the snapshot and the lock: every such write raises the
   * day sums' revision, so the revision the upsert answers is then exactly one more than the one the
   * snapshot holds. Otherwise, and on SQLite, the caller reads it in a statement of its own.
   */
  async logEntry(
    firebaseUid: string,
    entry: Omit<NewPushupRow, 'user_uuid'> & { count: number; day: string },
    streakRange: { from: string; to: string },
  ): Promise<
    { user: UserHabits; written?: { dayTotal: number; total: number }; streakCheck?: StreakCheck } | undefined
  > {
    if (this.engine === 'postgres') {
      const [earned, days] = streakCheckColumns(this.engine, sql`(select uuid from caller)`, streakRange);
      const { rows } = await sql<
        UserHabits & {
          day_total: number | null;
          total: number | null;
          earned: string | null;
          days: string | null;
        }
      >`
        with caller as (${lockWithHabitsQuery(this.db, firebaseUid)}),
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
        ${pgBandUpdate(sql`
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
        from caller`.execute(this.db);
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
    }
    const user = await lockWithHabitsQuery(this.db, firebaseUid).executeTakeFirst();
    if (!user) return undefined;
    const result = await this.db
      .insertInto('pushups')
      .values({ ...entry, user_uuid: user.uuid })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return { user };
    const dayTotal = await this.addToDay(user.uuid, entry.day, entry.count);
    return {
      user,
      written: { dayTotal, total: await this.addToTotal(user.uuid, entry.count, entry.updated_at) },
    };
  }

  /** The entry with this uuid, whoever's it is (undefined: none). */
  findByUuid(uuid: string): Promise<OwnedPushupRow | undefined> {
    return this.db
      .selectFrom('pushups')
      .select(['uuid', 'user_uuid', 'count', 'date', 'day'])
      .where('uuid', '=', uuid)
      .executeTakeFirst();
  }

  /**
   * Locks the user's entry until commit (a no-op update) and answers it as it is now; undefined
   * when it does not exist or belongs to someone else. Read after the lock, the old count is exact
   * even when another transaction changed the entry a moment before.
   */
  lockOwned(uuid: string, userUuid: string): Promise<PushupEntryRow | undefined> {
    return this.db
      .updateTable('pushups')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('uuid', '=', uuid)
      .where('user_uuid', '=', userUuid)
      .returning(['uuid', 'count', 'date', 'day'])
      .executeTakeFirst();
  }

  async update(uuid: string, changes: PushupChanges): Promise<void> {
    await this.db.updateTable('pushups').set(changes).where('uuid', '=', uuid).execute();
  }

  /** Deletes the user's entry and answers the count and day it had (undefined: none deleted). */
  deleteOwned(uuid: string, userUuid: string): Promise<{ count: number; day: string } | undefined> {
    return this.db
      .deleteFrom('pushups')
      .where('uuid', '=', uuid)
      .where('user_uuid', '=', userUuid)
      .returning(['count', 'day'])
      .executeTakeFirst();
  }

  /** The user's entries in the day range, newest first (index pushups_user_day_idx or _date_idx). */
  listForUser(userUuid: string, bounds: DayBounds, limit: number): Promise<PushupEntryRow[]> {
    let query = this.db
      .selectFrom('pushups')
      .select(['uuid', 'count', 'date', 'day'])
      .where('user_uuid', '=', userUuid);
    if (bounds.from) query = query.where('day', '>=', bounds.from);
    if (bounds.to) query = query.where('day', '<=', bounds.to);
    return query.orderBy('date', 'desc').orderBy('uuid', 'desc').limit(limit).execute();
  }

  /** The user's push-ups logged for one day (0 when none): one row of user_days. */
  async dayTotal(userUuid: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_days')
      .select('total')
      .where('user_uuid', '=', userUuid)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.total ?? 0;
  }

  /**
   * Adds `delta` (negative to subtract) to the user's sum of one day and answers the new sum. A day
   * whose sum reaches 0 loses its row, so user_days holds exactly the days with push-ups
   * (docs/product.md, "Streaks"). Call it in the entry's transaction, behind the user's row lock.
   */
  async addToDay(userUuid: string, day: string, delta: number): Promise<number> {
    if (delta === 0) return this.dayTotal(userUuid, day);
    const row =
      delta > 0
        ? await this.db
            .insertInto('user_days')
            .values({ user_uuid: userUuid, day, total: delta })
            .onConflict((oc) =>
              oc.columns(['user_uuid', 'day']).doUpdateSet((eb) => ({
                total: eb('user_days.total', '+', eb.ref('excluded.total')),
              })),
            )
            .returning('total')
            .executeTakeFirstOrThrow()
        : await this.db
            .updateTable('user_days')
            .set((eb) => ({ total: eb('total', '+', delta) }))
            .where('user_uuid', '=', userUuid)
            .where('day', '=', day)
            .returning('total')
            .executeTakeFirst();
    const total = row?.total ?? 0;
    if (row && total <= 0) {
      await this.db
        .deleteFrom('user_days')
        .where('user_uuid', '=', userUuid)
        .where('day', '=', day)
        .execute();
    }
    return Math.max(0, total);
  }

  /**
   * Sum per day over the inclusive range, only days with push-ups, oldest first: one range of the
   * user's user_days rows (kept in each write's transaction), not a sum over their entries.
   */
  async dailyTotals(userUuid: string, from: string, to: string): Promise<{ day: string; total: number }[]> {
    return this.db
      .selectFrom('user_days')
      .select(['day', 'total'])
      .where('user_uuid', '=', userUuid)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
  }

  /**
   * Adds `delta` (negative to subtract) to the user's running total, creating the row if needed,
   * and moves the user to the rank band of the new total (unless they hide from the leaderboard:
   * the bands count shown users only). The upsert locks the user's row, so the total before it is
   * exactly the answered one minus `delta`. Every change of the user's day sums calls it, with a
   * `delta` of 0 when the total stays: it raises the day sums' revision (migration 0010).
   */
  async addToTotal(userUuid: string, delta: number, now: string): Promise<number> {
    const { total, hidden } = await this.db
      .insertInto('user_totals')
      .values({ user_uuid: userUuid, total: delta, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_uuid').doUpdateSet((eb) => ({
          total: eb('user_totals.total', '+', eb.ref('excluded.total')),
          updated_at: eb.ref('excluded.updated_at'),
          revision: eb('user_totals.revision', '+', 1),
        })),
      )
      .returning(['total', 'hidden'])
      .executeTakeFirstOrThrow();
    if (hidden === 0) await this.moveBetweenRankBuckets(total - delta, total);
    return total;
  }

  /** Whether the user hides from the global leaderboard (no running total yet: shown). */
  async isHidden(userUuid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_totals')
      .select('hidden')
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.hidden === 1;
  }

  /**
   * Shows or hides the user on the global leaderboard (docs/product.md, "Leaderboard visibility"):
   * a user without a running total gets one of 0 to hold the choice, and the user leaves or joins
   * the rank band of their total, so that ranks count shown users only. Call it behind the user's
   * row lock, in one transaction.
   */
  async setHidden(userUuid: string, hidden: boolean, now: string): Promise<void> {
    const flag = hidden ? 1 : 0;
    const before = await this.db
      .selectFrom('user_totals')
      .select(['total', 'hidden'])
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    if (!before) {
      if (hidden) {
        await this.db
          .insertInto('user_totals')
          .values({ user_uuid: userUuid, total: 0, updated_at: now, hidden: flag })
          .execute();
      }
      return;
    }
    if (before.hidden === flag) return;
    await this.db
      .updateTable('user_totals')
      .set({ hidden: flag, updated_at: now })
      .where('user_uuid', '=', userUuid)
      .execute();
    if (hidden) await this.moveBetweenRankBuckets(before.total, 0);
    else await this.moveBetweenRankBuckets(0, before.total);
  }

  /**
   * Moves one user from the band of the total `from` to that of `to`: at once, or in a transaction
   * with its other moves just before the commit (the band rows are shared by every user with such a
   * total: held from the update to the commit, they made concurrent logs wait for each other).
   */
  private async moveBetweenRankBuckets(from: number, to: number): Promise<void> {
    const left = rankBucket(from);
    const entered = rankBucket(to);
    if (left === entered) return;
    const moves = this.bandMoves ?? new Map<number, number>();
    if (left !== null) moves.set(left, (moves.get(left) ?? 0) - 1);
    if (entered !== null) moves.set(entered, (moves.get(entered) ?? 0) + 1);
    if (!this.bandMoves) await this.applyBandMoves(moves);
  }

  /** Makes the rank bands' changes this transaction's writes left for its end (see the constructor). */
  async moveRankBands(): Promise<void> {
    if (!this.bandMoves) return;
    await this.applyBandMoves(this.bandMoves);
    this.bandMoves.clear();
  }

  /** Adds each change to its band's count, in one statement (on PostgreSQL, see pgBandUpdate). */
  private async applyBandMoves(moves: ReadonlyMap<number, number>): Promise<void> {
    const changes = [...moves].filter(([, users]) => users !== 0).sort(([a], [b]) => a - b);
    if (changes.length === 0) return;
    await (this.engine === 'postgres'
      ? sql`with ${pgBandUpdate(sql`values ${bandValues(changes)}`)} select 1`
      : sql`with moves (bucket, users) as (values ${bandValues(changes)})
            update rank_buckets
            set users = users + (select moves.users from moves where moves.bucket = rank_buckets.bucket)
            where bucket in (select bucket from moves)`
    ).execute(this.db);
  }

  /** Every entry, day sum and the running total of a user (account deletion). */
  async deleteAllForUser(userUuid: string): Promise<void> {
    const removed = await this.db
      .deleteFrom('user_totals')
      .where('user_uuid', '=', userUuid)
      .returning(['total', 'hidden'])
      .executeTakeFirst();
    if (removed && removed.hidden === 0) await this.moveBetweenRankBuckets(removed.total, 0);
    await this.db.deleteFrom('user_days').where('user_uuid', '=', userUuid).execute();
    await this.db.deleteFrom('pushups').where('user_uuid', '=', userUuid).execute();
  }

  /**
   * The leaderboard's candidates: every shown user whose total is at least the `size`-th highest
   * positive total of shown users (so ties at the cut are all there for the caller to order by
   * name), best first. Hidden users are never candidates (docs/product.md, "Leaderboard
   * visibility"). Two statements on purpose: given the cut as a value, PostgreSQL's planner knows
   * the second is a short backward range of user_totals_shown_total_idx (a sub-query for the cut
   * made it scan).
   */
  async leaderboardCandidates(size: number): Promise<TotalRow[]> {
    const cut = await this.db
      .selectFrom('user_totals')
      .select('total')
      .where('hidden', '=', 0)
      .where('total', '>', 0)
      .orderBy('total', 'desc')
      .limit(1)
      .offset(size - 1)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('user_totals')
      // A scalar sub-query, not a join: one primary-key lookup per row on any planner (PostgreSQL
      // chose to hash-join the whole users table for a join).
      .select((eb) => [
        'user_totals.user_uuid',
        'user_totals.total',
        eb
          .selectFrom('users')
          .select('users.username')
          .whereRef('users.uuid', '=', 'user_totals.user_uuid')
          .as('username'),
      ])
      .where('user_totals.hidden', '=', 0)
      // Totals are integers: with fewer than `size` users, `>= 1` is the `> 0`.
      .where('user_totals.total', '>=', cut?.total ?? 1)
      .orderBy('user_totals.total', 'desc')
      .execute();
    return rows.flatMap((row) =>
      row.username === null
        ? []
        : [{ ...row, username: row.username, username_lower: row.username.toLowerCase() }],
    );
  }

  /** A user's running total with their username and visibility (undefined: nothing logged yet). */
  async standingOf(userUuid: string): Promise<StandingRow | undefined> {
    const row = await this.db
      .selectFrom('user_totals')
      .innerJoin('users', 'users.uuid', 'user_totals.user_uuid')
      .select([
        'user_totals.user_uuid',
        'users.username',
        'users.username_lower',
        'user_totals.total',
        'user_totals.hidden',
      ])
      .where('user_totals.user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row && { ...row, hidden: row.hidden === 1 };
  }

  /**
   * How many shown users have a total above `total`: the users of the rank bands above its band
   * (the bands count shown users only), plus the shown ones above it within its band (a range of
   * user_totals_shown_total_idx at most 1/16 of the total wide). Neither part grows with the number
   * of users below the caller; hidden users above never count (docs/product.md, "Leaderboard
   * visibility").
   */
  async countAbove(total: number): Promise<number> {
    // A total of 0 or less has no band: every user in a band is above it.
    const bucket = rankBucket(total) ?? 0;
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('rank_buckets')
          .select((b) => b.fn.coalesce(b.fn.sum<number | string>('users'), b.lit(0)).as('n'))
          .where('bucket', '>', bucket)
          .as('in_bands_above'),
        eb
          .selectFrom('user_totals')
          .select((t) => t.fn.countAll<number | string>().as('n'))
          .where('hidden', '=', 0)
          .where('total', '>', total)
          .where('total', '<', lowestTotalOf(bucket + 1))
          .as('above_in_band'),
      ])
      .executeTakeFirstOrThrow();
    // PostgreSQL answers sum and count as bigint, which pg returns as a string.
    return Number(row.in_bands_above) + Number(row.above_in_band);
  }

  async totalOf(userUuid: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('user_totals')
      .select('total')
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.total;
  }
}
