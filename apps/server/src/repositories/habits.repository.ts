import type { Kysely } from 'kysely';
import type { AchievementsTable, Database } from '../db/schema';

/** A day with push-ups and its sum. */
export interface DayTotalRow {
  day: string;
  total: number;
}

export type EarnedRow = Pick<AchievementsTable, 'achievement_id' | 'earned_at' | 'seen_at'>;

/**
 * What streaks, records and achievements read and write (docs/product.md, "Streaks" to
 * "Achievements"): a user's own day sums (user_days, kept by PushupsRepository in each entry's
 * transaction) and the achievements earned. Every query is a range of one user's rows (or of a few
 * users' rows: a group's members), never of everyone's.
 */
export class HabitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
   * earned one keeps its first instant), and answers how many were new.
   */
  async earn(userUuid: string, ids: readonly string[], now: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .insertInto('achievements')
      .values(ids.map((id) => ({ user_uuid: userUuid, achievement_id: id, earned_at: now, seen_at: null })))
      .onConflict((oc) => oc.columns(['user_uuid', 'achievement_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
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

  /**
   * The achievements of several users (a group's members), each user's newest first: one range of
   * achievements_user_earned_idx per user, a few rows each (the catalogue is short).
   */
  earnedOfUsers(
    userUuids: readonly string[],
  ): Promise<{ user_uuid: string; achievement_id: string; earned_at: string }[]> {
    if (userUuids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('achievements')
      .select(['user_uuid', 'achievement_id', 'earned_at'])
      .where('user_uuid', 'in', [...userUuids])
      .orderBy('user_uuid')
      .orderBy('earned_at', 'desc')
      .execute();
  }

  /** Account deletion. */
  async deleteAllForUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('achievements').where('user_uuid', '=', userUuid).execute();
  }
}
