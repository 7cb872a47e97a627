import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';

/**
 * On PostgreSQL `user_totals` is vacuumed once a thousand of its rows have changed, not once a fifth
 * of them has (PostgreSQL's default). Every log changes its user's row, and a page changed since the
 * last vacuum is no longer marked all-visible, so the rank count inside a band (an index-only scan of
 * user_totals_shown_total_idx, PushupsRepository.countAbove) must visit the table for every row on
 * it: at 100,000 users, after 8,000 logs, the leaderboard answered 1,181 requests a second at 50
 * users, and 2,208 once the table was vacuumed (docs/performance.md, "PostgreSQL 15, 100,000 users,
 * 10M entries"). A vacuum visits only the pages changed since the last one. SQLite has no vacuum of
 * this kind.
 */
async function setThreshold(db: Kysely<unknown>, often: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await (often
    ? sql`alter table user_totals set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000)`
    : sql`alter table user_totals reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`
  ).execute(db);
}

export const runningTotalsVacuumedOften: Migration = {
  up: (db) => setThreshold(db, true),
  down: (db) => setThreshold(db, false),
};
