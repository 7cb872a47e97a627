import { sql } from 'kysely';
import { groupCommit } from '../../db/group-commit';
import { addToDay, addToTotal, insertEntryUnlessTaken } from '../entry-writes';
import { columnName, type JsonRowShape } from '../json-rows';
import { lockWithHabitsQuery } from '../users.repository';
import { bandValues } from './band-values';
import type { EngineSql } from './engine-sql';

/**
 * SQLite (better-sqlite3): a statement costs no round trip, so a log is a few short statements, and
 * transactions share commits.
 */
export const sqliteSql: EngineSql = {
  engine: 'sqlite',

  transactions: (db) => groupCommit(db, (trx) => trx),

  jsonRows(columns, orderBy, from, shape: JsonRowShape = 'arrays') {
    const names = columns.map(columnName);
    const row =
      shape === 'objects'
        ? `json_object(${names.map((c) => `'${c}', ${c}`).join(', ')})`
        : `json_array(${names.join(', ')})`;
    const order = orderBy === null ? '' : ` order by ${orderBy}`;
    return sql<string>`(select ${sql.raw(`json_group_array(${row}${order})`)} ${from})`;
  },

  async logEntry(db, firebaseUid, entry, _streakRange, rankBands) {
    // The lock is SQLite's write lock, taken by this first write and held by the transaction.
    const user = await lockWithHabitsQuery(db, firebaseUid).executeTakeFirst();
    if (!user) return undefined;
    if (!(await insertEntryUnlessTaken(db, { ...entry, user_uuid: user.uuid }))) return { user };
    const dayTotal = await addToDay(db, user.uuid, entry.day, entry.count);
    const total = await addToTotal(db, user.uuid, entry.count, entry.updated_at, rankBands);
    return { user, written: { dayTotal, total } };
  },

  async applyRankBandMoves(db, moves) {
    await sql`with moves (bucket, users) as (values ${bandValues(moves)})
      update rank_buckets
      set users = users + (select moves.users from moves where moves.bucket = rank_buckets.bucket)
      where bucket in (select bucket from moves)`.execute(db);
  },

  async overwriteDeletedRows(db) {
    // secure_delete has zeroed the rows in the pages; a TRUNCATE checkpoint writes those pages into
    // the database file and empties the WAL, whose older frames still held them.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  },

  async databaseBytes(db) {
    // The main file's pages (the WAL's frames are checkpointed into them).
    const { rows } = await sql<{
      bytes: number;
    }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  },
};
