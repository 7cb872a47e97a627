import { Migrator, sql } from 'kysely';
import type { DbHandle } from './client';
import { migrations } from './migrations';

/**
 * On PostgreSQL, the schema the connection writes to. Kysely's migrator otherwise accepts a
 * `kysely_migration` table found in any schema, skips creating its own, and then cannot see that
 * table through the search_path.
 */
async function migrationTableSchema(handle: DbHandle): Promise<string | undefined> {
  if (handle.engine !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  return rows[0]?.schema;
}

/** Kysely's migrator over our migrations, its table in the connection's own schema. */
export async function createMigrator(handle: DbHandle): Promise<Migrator> {
  const schema = await migrationTableSchema(handle);
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const migrator = await createMigrator(handle);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
