import type { Kysely } from 'kysely';
import type { Database, NewPushupRow } from '../db/schema';
import type { RankBandMoves } from './rank-band-moves';

/**
 * The writes every change of a user's entries makes, written once for both engines: PushupsRepository
 * uses them for edits, deletes and imports, SQLite's log (engines/sqlite.ts) for a new entry.
 * PostgreSQL's log makes the same writes in its one statement (engines/postgres.ts). Call them in the
 * entry's transaction, behind the user's row lock.
 */

/** Inserts an entry unless its uuid is taken; false: taken, nothing written. */
export async function insertEntryUnlessTaken(db: Kysely<Database>, row: NewPushupRow): Promise<boolean> {
  const result = await db
    .insertInto('pushups')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The user's push-ups logged for one day (0 when none): one row of user_days. */
export async function dayTotal(db: Kysely<Database>, userUuid: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('user_days')
    .select('total')
    .where('user_uuid', '=', userUuid)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.total ?? 0;
}

/**
 * Adds `delta` (negative to subtract) to the user's sum of one day and returns the new sum. A day
 * whose sum reaches 0 loses its row, so user_days holds exactly the days with push-ups
 * (docs/product.md, "Streaks").
 */
export async function addToDay(
  db: Kysely<Database>,
  userUuid: string,
  day: string,
  delta: number,
): Promise<number> {
  if (delta === 0) return dayTotal(db, userUuid, day);
  const row =
    delta > 0
      ? await db
          .insertInto('user_days')
          .values({ user_uuid: userUuid, day, total: delta })
          .onConflict((oc) =>
            oc.columns(['user_uuid', 'day']).doUpdateSet((eb) => ({
              total: eb('user_days.total', '+', eb.ref('excluded.total')),
            })),
          )
          .returning('total')
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('user_days')
          .set((eb) => ({ total: eb('total', '+', delta) }))
          .where('user_uuid', '=', userUuid)
          .where('day', '=', day)
          .returning('total')
          .executeTakeFirst();
  const total = row?.total ?? 0;
  if (row && total <= 0) {
    await db.deleteFrom('user_days').where('user_uuid', '=', userUuid).where('day', '=', day).execute();
  }
  return Math.max(0, total);
}

/**
 * Adds `delta` (negative to subtract) to the user's running total, creating the row if needed, and
 * moves the user to the rank band of the new total (unless they hide from the leaderboard: the bands
 * count shown users only). The upsert locks the user's row, so the total before it is exactly the
 * returned one minus `delta`. Every change of the user's day sums calls it, with a `delta` of 0 when
 * the total stays: it raises the day sums' revision (migration 0010).
 */
export async function addToTotal(
  db: Kysely<Database>,
  userUuid: string,
  delta: number,
  now: string,
  rankBands: RankBandMoves,
): Promise<number> {
  const { total, hidden } = await db
    .insertInto('user_totals')
    .values({ user_uuid: userUuid, total: delta, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_uuid').doUpdateSet((eb) => ({
        total: eb('user_totals.total', '+', eb.ref('excluded.total')),
        updated_at: eb.ref('excluded.updated_at'),
        revision: eb('user_totals.revision', '+', 1),
      })),
    )
    .returning(['total', 'hidden'])
    .executeTakeFirstOrThrow();
  if (hidden === 0) await rankBands.move(total - delta, total);
  return total;
}
