import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/** A row of a JSON list built by the database: an array of the columns, or an object keyed by them. */
export type JsonRowShape = 'arrays' | 'objects';

/**
 * A column of a JSON row: its name, written with the database's JSON functions; or a column whose
 * text needs no JSON function (`bare`): a not-null integer, or a not-null text of characters JSON
 * never escapes (a `YYYY-MM-DD` day, an achievement's id), written between quotes. PostgreSQL
 * concatenates a row of bare columns, which costs it half what its JSON functions do per value
 * (docs/performance.md, "PostgreSQL 15, 100,000 users, 10M entries").
 */
export type JsonColumn = string | { name: string; bare: 'integer' | 'text' };

/** A day sum's two columns, both bare: the day and its total. */
export const DAY_SUM_COLUMNS: readonly JsonColumn[] = [
  { name: 'day', bare: 'text' },
  { name: 'total', bare: 'integer' },
];

/** A column's name. */
export const columnName = (column: JsonColumn) => (typeof column === 'string' ? column : column.name);

/**
 * The rows of a subquery (`from`: its from and where clauses) as one JSON array written by the
 * database, `[]` for none: a whole history costs one value instead of a row object per day. `columns`
 * and `orderBy` are the subquery's own column names, never a caller's text; `orderBy` null: in
 * whatever order the database reads them, for a caller that orders them itself. Each engine writes
 * it with its own JSON functions (EngineSql.jsonRows).
 */
export type JsonRows = (
  columns: readonly JsonColumn[],
  orderBy: string | null,
  from: RawBuilder<unknown>,
  shape?: JsonRowShape,
) => RawBuilder<string>;

/**
 * Each of these users' rows of `from` (which names its user `users.uuid`) as JSON text written by
 * `jsonRows`, in one statement; a user with no such rows has `[]`.
 */
export async function jsonRowsOfUsers(
  db: Kysely<Database>,
  jsonRows: JsonRows,
  userUuids: readonly string[],
  rows: {
    columns: readonly JsonColumn[];
    orderBy: string | null;
    from: RawBuilder<unknown>;
    shape?: JsonRowShape;
  },
): Promise<Map<string, string>> {
  if (userUuids.length === 0) return new Map();
  const found = await db
    .selectFrom('users')
    .select(['users.uuid', jsonRows(rows.columns, rows.orderBy, rows.from, rows.shape).as('json')])
    .where('users.uuid', 'in', [...userUuids])
    .execute();
  return new Map(found.map((row) => [row.uuid, row.json]));
}
