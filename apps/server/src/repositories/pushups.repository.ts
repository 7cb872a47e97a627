import { type Kysely, sql } from 'kysely';
import { lowestTotalOf, rankBucket } from '../db/rank-buckets';
import type { Database, NewPushupRow, PushupRow } from '../db/schema';
import type { EngineSql, LoggedEntry, NewEntry } from './engines/engine-sql';
import { addToDay, addToTotal, dayTotal } from './entry-writes';
import { DAY_SUM_COLUMNS, jsonRowsOfUsers } from './json-rows';
import { PreparedQuery } from './prepared-query';
import type { RankBandMoves } from './rank-band-moves';

/** The fields an entry answer needs. */
export type PushupEntryRow = Pick<PushupRow, 'uuid' | 'count' | 'date' | 'day'>;

/** An entry as the list reads it: with its workout's sets, comma-separated, when it is one. */
type ListedEntryRow = PushupEntryRow & { sets: string | null };

/** Which ends of its day range an entries list has. */
type ListBounds = 'fromto' | 'from' | 'to' | '';

/**
 * GET /api/pushups's statement, one per kind of day range, each built and compiled once (decision
 * 029): the entries with their workout's sets, when they are one.
 */
const LIST_ENTRIES = Object.fromEntries(
  (['fromto', 'from', 'to', ''] as const).map((bounds) => [
    bounds,
    new PreparedQuery(
      { uuid: 'string', from: 'string', to: 'string', limit: 'number' },
      (db, { uuid, from, to, limit }) => {
        let query = db
          .selectFrom('pushups')
          .leftJoin('workouts', (join) =>
            join.onRef('workouts.id', '=', 'pushups.uuid').onRef('workouts.total', '=', 'pushups.count'),
          )
          .select(['pushups.uuid', 'pushups.count', 'pushups.date', 'pushups.day', 'workouts.sets'])
          .where('pushups.user_uuid', '=', uuid);
        if (bounds.startsWith('from')) query = query.where('pushups.day', '>=', from);
        if (bounds.endsWith('to')) query = query.where('pushups.day', '<=', to);
        return query.orderBy('pushups.date', 'desc').orderBy('pushups.uuid', 'desc').limit(limit);
      },
    ),
  ]),
) as Record<
  ListBounds,
  PreparedQuery<{ uuid: 'string'; from: 'string'; to: 'string'; limit: 'number' }, ListedEntryRow>
>;

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

/** What a leaderboard read starts from. */
export interface BoardStanding {
  /** leaderboard_privacy.version: a cached board serves only readers of the version it was computed under. */
  privacyVersion: number;
  standing: StandingRow | undefined;
}

/**
 * Push-up entries and the per-user running totals. Every query here is a range of one index
 * (see migration 0002): the cost of a page never grows with the number of all users' entries.
 */
export class PushupsRepository {
  /**
   * @param rankBands Where the rank bands' moves of the totals' changes go: made at once, or in a
   * transaction at its end (repositories/unit-of-work.ts).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sql: EngineSql,
    private readonly rankBands: RankBandMoves,
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
   * Logs a new entry (count of 1 or more) for the user with this Firebase uid, behind that user's row
   * lock, unless its uuid is taken; what each engine does and returns is EngineSql.logEntry's
   * (engines/): SQLite in a few statements, PostgreSQL in one.
   */
  logEntry(
    firebaseUid: string,
    entry: NewEntry,
    streakRange: { from: string; to: string },
  ): Promise<LoggedEntry | undefined> {
    return this.sql.logEntry(this.db, firebaseUid, entry, streakRange, this.rankBands);
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
   * Locks the user's entry until commit (a no-op update) and returns it as it is now; undefined
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

  /** Deletes the user's entry and returns the count and day it had (undefined: none deleted). */
  deleteOwned(uuid: string, userUuid: string): Promise<{ count: number; day: string } | undefined> {
    return this.db
      .deleteFrom('pushups')
      .where('uuid', '=', uuid)
      .where('user_uuid', '=', userUuid)
      .returning(['count', 'day'])
      .executeTakeFirst();
  }

  /**
   * The user's entries in the day range, newest first (index pushups_user_day_idx or _date_idx), each
   * with the sets of the workout it is (`sets`, comma-separated; null for an entry that is none, or
   * whose count was edited away from its sets' sum): one primary-key probe of workouts per entry.
   */
  async listForUser(userUuid: string, bounds: DayBounds, limit: number): Promise<ListedEntryRow[]> {
    const query = LIST_ENTRIES[`${bounds.from ? 'from' : ''}${bounds.to ? 'to' : ''}` as ListBounds];
    return query.execute(this.db, this.sql, {
      uuid: userUuid,
      from: bounds.from ?? '',
      to: bounds.to ?? '',
      limit,
    });
  }

  /** The user's push-ups logged for one day (0 when none). */
  dayTotal(userUuid: string, day: string): Promise<number> {
    return dayTotal(this.db, userUuid, day);
  }

  /** Adds `delta` to the user's sum of one day and returns the new sum (entry-writes.ts). */
  addToDay(userUuid: string, day: string, delta: number): Promise<number> {
    return addToDay(this.db, userUuid, day, delta);
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
   * The same days as dailyTotals as JSON written by the database (`[{"day":...,"total":...}, ...]`,
   * oldest first): a year of days is one value instead of a row object per day, what GET
   * /api/pushups/daily sends (reads/daily-sums.ts).
   */
  async dailyTotalsJson(userUuid: string, from: string, to: string): Promise<string> {
    const json = await jsonRowsOfUsers(this.db, this.sql.jsonRows, [userUuid], {
      columns: DAY_SUM_COLUMNS,
      orderBy: 'day',
      from: sql`from user_days where user_days.user_uuid = users.uuid and user_days.day >= ${from} and user_days.day <= ${to}`,
      shape: 'objects',
    });
    return json.get(userUuid) ?? '[]';
  }

  /**
   * Adds `delta` to the user's running total, moves their rank band, raises their day sums' revision
   * and returns the new total (entry-writes.ts).
   */
  addToTotal(userUuid: string, delta: number, now: string): Promise<number> {
    return addToTotal(this.db, userUuid, delta, now, this.rankBands);
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
    if (hidden) await this.rankBands.move(before.total, 0);
    else await this.rankBands.move(0, before.total);
    await this.raisePrivacyVersion();
  }

  /**
   * Tells every API process's cached leaderboard that a user left or joined it by their own choice
   * (migration 0013). Run in the transaction of that change.
   */
  private async raisePrivacyVersion(): Promise<void> {
    await this.db
      .updateTable('leaderboard_privacy')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }

  /** Every entry, day sum and the running total of a user (account deletion). */
  async deleteAllForUser(userUuid: string): Promise<void> {
    const removed = await this.db
      .deleteFrom('user_totals')
      .where('user_uuid', '=', userUuid)
      .returning(['total', 'hidden'])
      .executeTakeFirst();
    if (removed && removed.hidden === 0) {
      await this.rankBands.move(removed.total, 0);
      await this.raisePrivacyVersion();
    }
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

  /**
   * The caller's own standing (none without a running total, or without a caller) and the version
   * of the leaderboard's privacy (migration 0013), in one statement: every leaderboard read needs
   * both.
   */
  async boardStandingOf(userUuid: string | null): Promise<BoardStanding> {
    const row = await this.db
      .selectFrom('leaderboard_privacy')
      .leftJoin('user_totals', (join) => join.on('user_totals.user_uuid', '=', userUuid ?? ''))
      .leftJoin('users', 'users.uuid', 'user_totals.user_uuid')
      .select([
        'leaderboard_privacy.version',
        'user_totals.user_uuid',
        'users.username',
        'users.username_lower',
        'user_totals.total',
        'user_totals.hidden',
      ])
      .where('leaderboard_privacy.id', '=', 1)
      .executeTakeFirstOrThrow();
    const { version, user_uuid, username, username_lower, total, hidden } = row;
    const standing =
      user_uuid !== null && username !== null && username_lower !== null && total !== null
        ? { user_uuid, username, username_lower, total, hidden: hidden === 1 }
        : undefined;
    return { privacyVersion: version, standing };
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
    // PostgreSQL returns sum and count as bigint, which pg returns as a string.
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
