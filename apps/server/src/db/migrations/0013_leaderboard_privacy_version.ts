import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One counter, raised in the transaction of every change to who may appear on the global
 * leaderboard by the user's own choice: hiding or showing oneself, and deleting one's account. Every
 * leaderboard read reads it with the caller's own row, and a process's cached board serves only
 * readers of the counter it was computed under, so such a change takes effect at once in every API
 * process, while other writes (new totals) may still show up to STALENESS.shortLived late
 * (docs/security.md, "The global leaderboard across processes").
 */
export const leaderboardPrivacyVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leaderboard_privacy')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db
      .insertInto('leaderboard_privacy' as never)
      .values({ id: 1, version: 0 } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('leaderboard_privacy').execute();
  },
};
