import { COPY_ORDER } from '../src/db/migrate-to';
import type { TestServer } from './helpers';

/** Every table of src/db/schema.ts (migrate-to's list, which the compiler checks is complete). */
const TABLE_NAMES = COPY_ORDER;

/** Every row of every table, by table. */
export type TableRows = Record<string, Record<string, unknown>[]>;

export async function readAllRows(server: TestServer): Promise<TableRows> {
  const db = server.db.handle.db;
  const rows: TableRows = {};
  for (const table of TABLE_NAMES) {
    rows[table] = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  }
  return rows;
}

/**
 * What changed between two readings, row by row: `- table {row}` for a row gone or changed,
 * `+ table {row}` for a row new or changed (empty: nothing changed).
 */
export function rowChanges(before: TableRows, after: TableRows): string[] {
  return TABLE_NAMES.flatMap((table) => {
    const was = new Set((before[table] ?? []).map((row) => JSON.stringify(row)));
    const is = new Set((after[table] ?? []).map((row) => JSON.stringify(row)));
    return [
      ...[...was].filter((row) => !is.has(row)).map((row) => `- ${table} ${row}`),
      ...[...is].filter((row) => !was.has(row)).map((row) => `+ ${table} ${row}`),
    ];
  });
}
