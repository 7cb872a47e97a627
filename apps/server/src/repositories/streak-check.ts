import { type RawBuilder, sql } from 'kysely';
import { DAY_SUM_COLUMNS, type JsonRows } from './json-rows';

/** A day with push-ups and its sum. */
export interface DayTotalRow {
  day: string;
  total: number;
}

/** What a write checks the streaks with (services/earning.ts). */
export interface StreakCheck {
  /** The ids of the achievements the user earned. */
  earned: string[];
  /** The user's days with push-ups around the written day, oldest first. */
  days: DayTotalRow[];
}

/** A value of the statement that reads a streak check: a parameter or an expression of it. */
type Operand = string | RawBuilder<unknown>;

/**
 * The two columns of a streak check as JSON values (`earned`, `days`): the achievements the user
 * earned and their days with push-ups in the inclusive range. `userUuid` is a value or an expression
 * of the statement that reads them (the log's statement on PostgreSQL takes it from its lock).
 */
export function streakCheckColumns(
  jsonRows: JsonRows,
  userUuid: Operand,
  range: { from: Operand; to: Operand },
): [RawBuilder<string>, RawBuilder<string>] {
  return [
    jsonRows(
      [{ name: 'achievement_id', bare: 'text' }],
      'achievement_id',
      sql`from achievements where user_uuid = ${userUuid}`,
    ),
    jsonRows(
      DAY_SUM_COLUMNS,
      'day',
      sql`from user_days where user_uuid = ${userUuid} and total > 0 and day >= ${range.from} and day <= ${range.to}`,
    ),
  ];
}

/** A streak check from the JSON values of its columns. */
export function parseStreakCheck(row: { earned: string; days: string }): StreakCheck {
  return {
    earned: (JSON.parse(row.earned) as [string][]).map(([id]) => id),
    days: (JSON.parse(row.days) as [string, number][]).map(([day, total]) => ({ day, total })),
  };
}
