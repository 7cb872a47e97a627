import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';

/** The database's files, as opposed to its rows. */
export class StorageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  /**
   * After an account's rows are deleted: on SQLite, secure_delete has zeroed them in the pages, and a
   * checkpoint writes those pages into the database file and empties the WAL, whose older frames still
   * held them (docs/security.md, "Deleting an account"). PostgreSQL's dead rows stay until VACUUM
   * reuses their space: a server operator's files, not reachable through the app.
   */
  overwriteDeletedRows(): Promise<void> {
    return this.engine.overwriteDeletedRows(this.db);
  }
}
