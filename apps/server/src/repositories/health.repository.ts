import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A round trip to the database. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
