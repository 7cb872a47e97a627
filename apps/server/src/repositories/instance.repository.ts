import { addDays } from '@pushup/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { countRows } from './count-rows';
import type { EngineSql } from './engines/engine-sql';
import type { GroupWithCreator } from './groups.repository';
import { likeContains } from './like-pattern';

/** Entries logged on one UTC day, and their push-ups. */
export interface DayActivity {
  day: string;
  entries: number;
  pushups: number;
}

/**
 * What the operators' admin page reads of the whole instance (decision 038): every group by name,
 * and the usage numbers. Nothing here is a user's view.
 */
export class InstanceRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  private groupsNamed(text: string) {
    const query = this.db.selectFrom('groups');
    return text === ''
      ? query
      : query.where(sql<boolean>`groups.name_lower like ${likeContains(text.toLowerCase())} escape '\\'`);
  }

  /**
   * A page of the groups whose name contains `text` (any case; every group when empty), by name: a
   * walk of groups_name_lower_idx, with each creator's username.
   */
  groupsPage(text: string, offset: number, limit: number): Promise<GroupWithCreator[]> {
    return this.groupsNamed(text)
      .leftJoin('users', 'users.uuid', 'groups.created_by')
      .selectAll('groups')
      .select('users.username as creator_username')
      .orderBy('groups.name_lower')
      .orderBy('groups.id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  countGroups(text: string): Promise<number> {
    return countRows(this.groupsNamed(text));
  }

  countUsers(): Promise<number> {
    return countRows(this.db.selectFrom('users'));
  }

  /**
   * The accounts with an entry logged at or after each instant (ISO), in one range of
   * pushups_date_idx from the earliest.
   */
  async activeUsersSince(
    day: string,
    week: string,
    month: string,
  ): Promise<{ day: number; week: number; month: number }> {
    const row = await this.db
      .selectFrom('pushups')
      .select([
        sql<number | string>`count(distinct case when date >= ${day} then user_uuid end)`.as('day'),
        sql<number | string>`count(distinct case when date >= ${week} then user_uuid end)`.as('week'),
        sql<number | string>`count(distinct user_uuid)`.as('month'),
      ])
      .where('date', '>=', month)
      .executeTakeFirstOrThrow();
    return { day: Number(row.day), week: Number(row.week), month: Number(row.month) };
  }

  /**
   * Entries logged on each of these UTC days (by their instant), with their push-ups; a day without
   * any is absent. One range of pushups_date_idx per day, so neither engine sorts the entries (a
   * group by a prefix of the instant made PostgreSQL sort every entry of the days on disk).
   */
  async entriesPerDay(days: readonly string[]): Promise<DayActivity[]> {
    if (days.length === 0) return [];
    const bounds = sql.join(
      days.map((day) => sql`(${`${day}T00:00:00.000Z`}, ${`${addDays(day, 1)}T00:00:00.000Z`})`),
    );
    const { rows } = await sql<{ day: string; entries: number | string; pushups: number | string | null }>`
      with days (lo, hi) as (values ${bounds})
      select days.lo as day, count(*) as entries, sum(pushups.count) as pushups
      from days join pushups on pushups.date >= days.lo and pushups.date < days.hi
      group by days.lo
      order by days.lo`.execute(this.db);
    return rows.map((row) => ({
      day: row.day.slice(0, 10),
      entries: Number(row.entries),
      pushups: Number(row.pushups ?? 0),
    }));
  }

  /** Daily reminders claimed (sent) at or after `fromAt` (ISO). */
  remindersSentSince(fromAt: string): Promise<number> {
    return countRows(this.db.selectFrom('reminder_sends').where('sent_at', '>=', fromAt));
  }

  /** Pushes of the daily reminders claimed at or after `fromAt` (ISO) that failed. */
  async pushesFailedSince(fromAt: string): Promise<number> {
    const row = await this.db
      .selectFrom('reminder_sends')
      .select(sql<number | string | null>`sum(failed_pushes)`.as('failed'))
      .where('sent_at', '>=', fromAt)
      .executeTakeFirstOrThrow();
    return Number(row.failed ?? 0);
  }

  countDevices(): Promise<number> {
    return countRows(this.db.selectFrom('reminder_devices'));
  }

  /** The database's size in bytes (SQLite: its file's pages; PostgreSQL: pg_database_size). */
  databaseBytes(): Promise<number> {
    return this.engine.databaseBytes(this.db);
  }
}
