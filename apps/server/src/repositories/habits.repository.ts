import { type Kysely, sql } from 'kysely';
import type { AchievementsTable, Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { DAY_SUM_COLUMNS, jsonRowsOfUsers } from './json-rows';
import { NEVER_LOGGED } from './never-logged';
import { PreparedQuery } from './prepared-query';
import { type DayTotalRow, parseStreakCheck, type StreakCheck, streakCheckColumns } from './streak-check';
import type { UserHabits } from './users.repository';

export type EarnedRow = Pick<AchievementsTable, 'achievement_id' | 'earned_at' | 'seen_at'>;

/** A profile's habits and standing: what the streak, records and achievements show besides the days. */
export interface HabitsStanding extends UserHabits {
  /** The running total (0 before the first entry). */
  total: number;
  /** The revision of the day sums (user_totals.revision, migration 0010); -1: never logged. */
  revision: number;
  in_group: boolean;
  /** The achievements earned, in no particular order (empty unless asked for). */
  earned: EarnedRow[];
}

/** A profile's habits and standing with its whole history. */
export interface HabitsHistory extends HabitsStanding {
  /** Every day with push-ups, oldest first. */
  days: DayTotalRow[];
}

/**
 * historyUnlessAtRevision's result: with the days when they were read (`daysRead`), without them when
 * the day sums were still at the revision the caller already has what it needs of them.
 */
export type HistoryRead = (HabitsHistory & { daysRead: true }) | (HabitsStanding & { daysRead: false });

/**
 * historyOf's statement; the achievements' JSON is left empty unless asked for. The days are left
 * out (null) when the user's revision is `knownRevision`: the caller has what it computed from them.
 */
function historyQuery(withEarned: boolean) {
  return new PreparedQuery(
    { uuid: 'string', knownRevision: 'number' },
    (db, { uuid, knownRevision }, engine) =>
      db
        .selectFrom('users')
        .leftJoin('user_totals', 'user_totals.user_uuid', 'users.uuid')
        .select((eb) => [
          'users.uuid',
          'users.personal_goal',
          'users.goal_deadline',
          'users.rest_days_per_week',
          'user_totals.total',
          'user_totals.revision',
          eb
            .exists(
              eb
                .selectFrom('group_members')
                .select('group_id')
                .whereRef('group_members.user_uuid', '=', 'users.uuid'),
            )
            .as('in_group'),
          sql<
            string | null
          >`case when coalesce(user_totals.revision, ${NEVER_LOGGED}) = ${knownRevision} then null else ${engine.jsonRows(
            DAY_SUM_COLUMNS,
            'day',
            sql`from user_days where user_days.user_uuid = users.uuid and user_days.total > 0`,
          )} end`.as('days'),
          (withEarned
            ? engine.jsonRows(
                ['achievement_id', 'earned_at', 'seen_at'],
                'achievement_id',
                sql`from achievements where achievements.user_uuid = users.uuid`,
              )
            : sql<string>`'[]'`
          ).as('earned'),
        ])
        .where('users.uuid', '=', uuid),
  );
}
/** A revision no user has: every day is read. */
const NO_REVISION = NEVER_LOGGED - 1;
const HISTORY = historyQuery(false);
const STREAK_CHECK = new PreparedQuery(
  { uuid: 'string', from: 'string', to: 'string' },
  (db, { uuid, from, to }, engine) => {
    const [earned, days] = streakCheckColumns(engine.jsonRows, uuid, { from, to });
    return db.selectNoFrom([earned.as('earned'), days.as('days')]);
  },
);
const HISTORY_WITH_EARNED = historyQuery(true);

/**
 * What streaks, records and achievements read and write (docs/product.md, "Streaks" to
 * "Achievements"): a user's own day sums (user_days, kept by PushupsRepository in each entry's
 * transaction) and the achievements earned. Every query is a range of one user's rows (or of a few
 * users' rows: a group's members), never of everyone's.
 */
export class HabitsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  /**
   * The user's habits, running total, whether they are in a group, every day with push-ups and
   * (with `withEarned`) the achievements earned, in one statement. undefined: no such profile.
   */
  async historyOf(uuid: string, withEarned = false): Promise<HabitsHistory | undefined> {
    const read = await this.readHistory(uuid, NO_REVISION, withEarned);
    return read?.daysRead ? read : undefined;
  }

  /**
   * historyOf, but without the days when the day sums are still at `revision`: for a caller that has
   * what it computed from them at that revision (reads/history.ts).
   */
  historyUnlessAtRevision(
    uuid: string,
    revision: number,
    withEarned = false,
  ): Promise<HistoryRead | undefined> {
    return this.readHistory(uuid, revision, withEarned);
  }

  private async readHistory(
    uuid: string,
    knownRevision: number,
    withEarned: boolean,
  ): Promise<HistoryRead | undefined> {
    const [row] = await (withEarned ? HISTORY_WITH_EARNED : HISTORY).execute(this.db, this.engine, {
      uuid,
      knownRevision,
    });
    if (!row) return undefined;
    const standing: HabitsStanding = {
      uuid: row.uuid,
      personal_goal: row.personal_goal,
      goal_deadline: row.goal_deadline,
      rest_days_per_week: row.rest_days_per_week,
      total: row.total ?? 0,
      revision: row.revision ?? NEVER_LOGGED,
      // SQLite returns the exists as 1 or 0, PostgreSQL as a boolean.
      in_group: Boolean(row.in_group),
      earned: (JSON.parse(row.earned) as [string, string, string | null][]).map(
        ([achievement_id, earned_at, seen_at]) => ({ achievement_id, earned_at, seen_at }),
      ),
    };
    if (row.days === null) return { ...standing, daysRead: false };
    const days = (JSON.parse(row.days) as [string, number][]).map(([day, total]) => ({ day, total }));
    return { ...standing, days, daysRead: true };
  }

  /**
   * The ids of the achievements the user earned and their days with push-ups in the inclusive range,
   * oldest first, in one statement: what a write checks the streaks with (earning.ts).
   */
  async streakCheckOf(userUuid: string, range: { from: string; to: string }): Promise<StreakCheck> {
    const [row] = await STREAK_CHECK.execute(this.db, this.engine, { uuid: userUuid, ...range });
    return row ? parseStreakCheck(row) : { earned: [], days: [] };
  }

  /** The user's days with push-ups in the inclusive range (open ends: all), oldest first. */
  daysOf(userUuid: string, bounds: { from?: string; to?: string } = {}): Promise<DayTotalRow[]> {
    let query = this.db
      .selectFrom('user_days')
      .select(['day', 'total'])
      .where('user_uuid', '=', userUuid)
      // A row at 0 is never kept; the filter makes sure such a day reads like a missing one.
      .where('total', '>', 0);
    if (bounds.from) query = query.where('day', '>=', bounds.from);
    if (bounds.to) query = query.where('day', '<=', bounds.to);
    return query.orderBy('day').execute();
  }

  /** Every achievement the user earned, in no particular order. */
  earnedOf(userUuid: string): Promise<EarnedRow[]> {
    return this.db
      .selectFrom('achievements')
      .select(['achievement_id', 'earned_at', 'seen_at'])
      .where('user_uuid', '=', userUuid)
      .execute();
  }

  /**
   * Earns these achievements for the user unless already earned (`on conflict do nothing`: an
   * earned one keeps its first instant), and returns those that were new.
   */
  async earn(userUuid: string, ids: readonly string[], now: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .insertInto('achievements')
      .values(ids.map((id) => ({ user_uuid: userUuid, achievement_id: id, earned_at: now, seen_at: null })))
      .onConflict((oc) => oc.columns(['user_uuid', 'achievement_id']).doNothing())
      .returning('achievement_id')
      .execute();
    return rows.map((row) => row.achievement_id);
  }

  /** Marks the user's earned achievements among `ids` as announced (those already marked keep their instant). */
  async markSeen(userUuid: string, ids: readonly string[], now: string): Promise<void> {
    await this.db
      .updateTable('achievements')
      .set({ seen_at: now })
      .where('user_uuid', '=', userUuid)
      .where('achievement_id', 'in', [...ids])
      .where('seen_at', 'is', null)
      .execute();
  }

  /** Each of these users' achievements as `[id, earned_at]` pairs, in no particular order. */
  async earnedOfUsers(userUuids: readonly string[]): Promise<Map<string, [string, string][]>> {
    const json = await jsonRowsOfUsers(this.db, this.engine.jsonRows, userUuids, {
      columns: ['achievement_id', 'earned_at'],
      orderBy: null,
      from: sql`from achievements where achievements.user_uuid = users.uuid`,
    });
    return new Map([...json].map(([uuid, text]) => [uuid, JSON.parse(text) as [string, string][]]));
  }

  /** Account deletion. */
  async deleteAllForUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('achievements').where('user_uuid', '=', userUuid).execute();
  }
}
