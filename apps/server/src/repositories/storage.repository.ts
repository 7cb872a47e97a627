import { type Kysely, sql } from 'kysely';
import type { DbHandle } from '../db/client';
import type { Database } from '../db/schema';

/** The database's files, as opposed to its rows. */
export class StorageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DbHandle['engine'],
  ) {}

  /**
   * After an account's rows are deleted: on SQLite, secure_delete has zeroed them in the pages, and a
   * TRUNCATE checkpoint writes those pages into the database file and empties the WAL, whose older
   * frames still held them (docs/security.md, "Deleting an account"). PostgreSQL's dead rows stay
   * until VACUUM reuses their space: a server operator's files, not reachable through the app.
   */
  async overwriteDeletedRows(): Promise<void> {
    if (this.engine === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.db);
  }
}
