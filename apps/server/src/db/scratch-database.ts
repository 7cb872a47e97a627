import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from './client';

/**
 * A throw-away database for the tests and the benchmark: a SQLite file in a temp directory, or,
 * given a PostgreSQL URL, a fresh schema in that database. `drop()` removes it again.
 */
export interface ScratchDatabase {
  handle: DbHandle;
  /** The temp directory (SQLite file, or just a DATA_DIR for child processes). */
  dataDir: string;
  /** Env for a child process (the admin command) that must see the same database. */
  env: Record<string, string>;
  label: string;
  /** Another connection (pool) to the same database, as a second process would open it. */
  openAgain(): DbHandle;
  drop(): Promise<void>;
}

async function runOnce(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(
  prefix: string,
  postgresUrl: string | undefined,
): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pushup-${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!postgresUrl) {
    const sqlitePath = path.join(dataDir, 'pushups.db');
    const handle = createDb({ sqlitePath });
    return {
      handle,
      dataDir,
      env: { DATA_DIR: dataDir },
      label: `sqlite (${sqlitePath}, WAL, synchronous=FULL)`,
      openAgain: () => createDb({ sqlitePath }),
      async drop() {
        await handle.close();
        removeDir();
      },
    };
  }
  // Random hex after a fixed prefix: a safe identifier, no quoting needed.
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnce(postgresUrl, `CREATE SCHEMA ${schema}`);
  const handle = createDb({ databaseUrl: postgresUrl, sqlitePath: '', pgSchema: schema });
  return {
    handle,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresUrl, PGOPTIONS: `-c search_path=${schema}` },
    label: `postgres (fresh schema ${schema}, dropped afterwards)`,
    openAgain: () => createDb({ databaseUrl: postgresUrl, sqlitePath: '', pgSchema: schema }),
    async drop() {
      await handle.close();
      await runOnce(postgresUrl, `DROP SCHEMA ${schema} CASCADE`);
      removeDir();
    },
  };
}
