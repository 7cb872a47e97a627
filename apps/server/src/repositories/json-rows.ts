import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/** A row of a JSON list built by the database: an array of the columns, or an object keyed by them. */
export type JsonRowShape = 'arrays' | 'objects';

/**
 * The rows of a subquery (`from`: its from and where clauses) as one JSON array written by the
 * database, `[]` for none: a whole history costs one value instead of a row object per day. `columns`
 * and `orderBy` are the subquery's own column names, never a caller's text; `orderBy` null: in
 * whatever order the database reads them, for a caller that orders them itself. Each engine writes
 * it with its own JSON functions (EngineSql.jsonRows).
 */
export type JsonRows = (
  columns: readonly string[],
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
    columns: readonly string[];
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
