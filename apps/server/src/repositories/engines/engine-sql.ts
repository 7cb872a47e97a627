import type { Kysely } from 'kysely';
import type { Engine } from '../../db/client';
import type { Database, NewPushupRow } from '../../db/schema';
import type { JsonRows } from '../json-rows';
import type { RankBandMoves } from '../rank-band-moves';
import type { StreakCheck } from '../streak-check';
import type { UserHabits } from '../users.repository';

/** A new entry as a log writes it: its owner comes from the lock on their user row. */
export type NewEntry = Omit<NewPushupRow, 'user_uuid'> & { count: number; day: string };

/** What a log wrote (EngineSql.logEntry). */
export interface LoggedEntry {
  /** What earning needs of the logger's profile, read under the lock. */
  user: UserHabits;
  /** The day's and the running total's new sums; absent when the uuid was taken and nothing was written. */
  written?: { dayTotal: number; total: number };
  /** The streak check of the range asked for, when the log's own statement could read it exactly. */
  streakCheck?: StreakCheck;
}

/**
 * What SQLite and PostgreSQL do differently, one module each (sqlite.ts, postgres.ts), held to the same
 * behaviour by one conformance suite (test/engine-conformance.test.ts). Every other query of
 * repositories/ is written once for both engines.
 */
export interface EngineSql {
  readonly engine: Engine;

  /**
   * Runs `work` in one database transaction on a connection of its own (`trx`). SQLite lets
   * concurrent transactions share one commit (group commit, decision 013), each in a savepoint of its
   * own; PostgreSQL runs each on a pooled connection.
   */
  transactions(db: Kysely<Database>): <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

  /** The rows of a subquery as one JSON array written by the database (json-rows.ts). */
  jsonRows: JsonRows;

  /**
   * Logs a new entry for the user with this Firebase uid, behind that user's row lock (held until
   * commit), unless its uuid is taken: adds its count to its day's sum and to the running total
   * (raising the day sums' revision), and moves the user's rank band (`rankBands`, or in the same
   * statement). undefined: no such user. A taken uuid is no error (nothing is written, and a
   * PostgreSQL transaction is not aborted): the caller decides what it means. On a day's first entry
   * it may also return the streak check of `streakRange` with the written day, when it could read it
   * exactly; else the caller reads it.
   */
  logEntry(
    db: Kysely<Database>,
    firebaseUid: string,
    entry: NewEntry,
    streakRange: { from: string; to: string },
    rankBands: RankBandMoves,
  ): Promise<LoggedEntry | undefined>;

  /**
   * Adds each move's users to its band's count (`[band, users]`, sorted by band, none zero), in one
   * statement.
   */
  applyRankBandMoves(db: Kysely<Database>, moves: readonly (readonly [number, number])[]): Promise<void>;

  /**
   * After an account's rows are deleted, makes sure no copy of them stays in the database's files
   * where the engine keeps one (docs/security.md, "Deleting an account").
   */
  overwriteDeletedRows(db: Kysely<Database>): Promise<void>;

  /** The database's size on disk in bytes, for the operators' usage numbers. */
  databaseBytes(db: Kysely<Database>): Promise<number>;
}
