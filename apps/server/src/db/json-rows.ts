import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Engine } from './client';
import type { Database } from './schema';

/**
 * The rows of a subquery (`from`: its from and where clauses) as one JSON array written by the
 * database, `[]` for none: a whole history costs one value instead of a row object per day
 * (issue 19). Each row is an array of `columns`, or with `objects` an object keyed by them (what an
 * answer sends as it is). `columns` and `orderBy` are the subquery's own column names, never a
 * caller's text. `orderBy` null: in whatever order the database reads them (no sort per call), for a
 * caller that orders them itself.
 */
export function jsonRows(
  engine: Engine,
  columns: readonly string[],
  orderBy: string | null,
  from: RawBuilder<unknown>,
  objects = false,
): RawBuilder<string> {
  const row = objects
    ? `${engine === 'sqlite' ? 'json_object' : 'json_build_object'}(${columns.map((c) => `'${c}', ${c}`).join(', ')})`
    : `${engine === 'sqlite' ? 'json_array' : 'json_build_array'}(${columns.join(', ')})`;
  const order = orderBy === null ? '' : ` order by ${orderBy}`;
  const list = sql.raw(
    engine === 'sqlite'
      ? `json_group_array(${row}${order})`
      : `coalesce(json_agg(${row}${order}), '[]'::json)::text`,
  );
  return sql<string>`(select ${list} ${from})`;
}

/**
 * Each of these users' rows of `from` (which names its user `users.uuid`) as jsonRows writes them, in
 * one statement; a user with no such rows has `[]`.
 */
export async function jsonRowsOfUsers(
  db: Kysely<Database>,
  engine: Engine,
  userUuids: readonly string[],
  rows: { columns: readonly string[]; orderBy: string | null; from: RawBuilder<unknown>; objects?: boolean },
): Promise<Map<string, string>> {
  if (userUuids.length === 0) return new Map();
  const found = await db
    .selectFrom('users')
    .select(['users.uuid', jsonRows(engine, rows.columns, rows.orderBy, rows.from, rows.objects).as('json')])
    .where('users.uuid', 'in', [...userUuids])
    .execute();
  return new Map(found.map((row) => [row.uuid, row.json]));
}
