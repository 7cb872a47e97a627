import type { Kysely } from 'kysely';
import type { Database, PushupRow } from '../db/schema';

/** An entry as the export writes it. */
export type ExportEntryRow = Pick<PushupRow, 'uuid' | 'count' | 'date' | 'day' | 'created_at' | 'updated_at'>;

/** Where a page of entries starts: after this entry (by instant, then uuid). */
export interface EntryCursor {
  date: string;
  uuid: string;
}

/** IN lists are sent in slices of this many values (far below either engine's parameter limit). */
const IN_SLICE = 500;

function slices<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += IN_SLICE)
    result.push(values.slice(start, start + IN_SLICE));
  return result;
}

/**
 * What the export and the import read (docs/product.md, "Export", "Import"): one user's rows of every
 * table, each a range of an index on the user. Entries are read in pages along
 * pushups_user_date_idx, so an export never holds more than a page of them.
 */
export class AccountDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Up to `limit` of the user's entries after `after`, oldest first: `date >= after.date` starts a
   * range of pushups_user_date_idx, and the uuid breaks ties of one instant.
   */
  entriesPage(userUuid: string, after: EntryCursor | null, limit: number): Promise<ExportEntryRow[]> {
    let query = this.db
      .selectFrom('pushups')
      .select(['uuid', 'count', 'date', 'day', 'created_at', 'updated_at'])
      .where('user_uuid', '=', userUuid);
    if (after) {
      query = query
        .where('date', '>=', after.date)
        .where((eb) => eb.or([eb('date', '>', after.date), eb('uuid', '>', after.uuid)]));
    }
    return query.orderBy('date').orderBy('uuid').limit(limit).execute();
  }

  /** The user's entries at these instants: (instant, count) of each, one row per entry. */
  async entriesAt(userUuid: string, instants: readonly string[]): Promise<{ date: string; count: number }[]> {
    const rows: { date: string; count: number }[] = [];
    for (const slice of slices(instants)) {
      rows.push(
        ...(await this.db
          .selectFrom('pushups')
          .select(['date', 'count'])
          .where('user_uuid', '=', userUuid)
          .where('date', 'in', slice)
          .execute()),
      );
    }
    return rows;
  }

  /** The user's entries on these days: (day, count) of each, one row per entry. */
  async entriesOn(userUuid: string, days: readonly string[]): Promise<{ day: string; count: number }[]> {
    const rows: { day: string; count: number }[] = [];
    for (const slice of slices(days)) {
      rows.push(
        ...(await this.db
          .selectFrom('pushups')
          .select(['day', 'count'])
          .where('user_uuid', '=', userUuid)
          .where('day', 'in', slice)
          .execute()),
      );
    }
    return rows;
  }

  /** The user's sums of these days (user_days; a day without push-ups is absent). */
  async dayTotals(userUuid: string, days: readonly string[]): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const slice of slices(days)) {
      const rows = await this.db
        .selectFrom('user_days')
        .select(['day', 'total'])
        .where('user_uuid', '=', userUuid)
        .where('day', 'in', slice)
        .execute();
      for (const row of rows) totals.set(row.day, row.total);
    }
    return totals;
  }

  /** The user's groups with their role and when they joined, by name. */
  groupsOf(userUuid: string) {
    return this.db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .select([
        'groups.id',
        'groups.name',
        'groups.description',
        'groups.created_by',
        'groups.member_count',
        'group_members.role',
        'group_members.joined_at',
      ])
      .where('group_members.user_uuid', '=', userUuid)
      .orderBy('groups.name_lower')
      .orderBy('groups.id')
      .execute();
  }

  /** Every join request the user made, whatever its status, oldest first. */
  joinRequestsOf(userUuid: string) {
    return this.db
      .selectFrom('group_join_requests')
      .innerJoin('groups', 'groups.id', 'group_join_requests.group_id')
      .select([
        'group_join_requests.id',
        'group_join_requests.group_id',
        'groups.name as group_name',
        'group_join_requests.status',
        'group_join_requests.created_at',
        'group_join_requests.updated_at',
      ])
      .where('group_join_requests.user_uuid', '=', userUuid)
      .orderBy('group_join_requests.created_at')
      .orderBy('group_join_requests.id')
      .execute();
  }

  /** The invite links the user made, oldest first (codes left out: a code lets anyone join). */
  inviteLinksBy(userUuid: string) {
    return this.db
      .selectFrom('group_invites')
      .innerJoin('groups', 'groups.id', 'group_invites.group_id')
      .select([
        'group_invites.id',
        'group_invites.group_id',
        'groups.name as group_name',
        'group_invites.max_uses',
        'group_invites.uses',
        'group_invites.expires_at',
        'group_invites.revoked_at',
        'group_invites.created_at',
      ])
      .where('group_invites.created_by', '=', userUuid)
      .orderBy('group_invites.created_at')
      .orderBy('group_invites.id')
      .execute();
  }

  /** How many days have push-ups (user_days rows). */
  async activeDays(userUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_days')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_uuid', '=', userUuid)
      .where('total', '>', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
