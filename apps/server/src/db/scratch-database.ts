import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from './client';

/**
 * A throw-away database for the tests and the benchmark: a SQLite file in a temp directory, or,
 * given a PostgreSQL URL, a fresh schema in that database or a database of its own next to it.
 * `drop()` removes it again.
 */
export interface ScratchDatabase {
  handle: DbHandle;
  /** The temp directory (SQLite file, or just a DATA_DIR for child processes). */
  dataDir: string;
  /** The settings (DATA_DIR, DATABASE_URL) under which the server or the admin command sees this database. */
  env: Record<string, string>;
  label: string;
  /** Another connection (pool) to the same database, as a second process would open it. */
  openAgain(): DbHandle;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL URL whose connections work in `schema`: the search path in the URL's `options`, as
 * libpq and node-postgres read it, so that one setting (DATABASE_URL) names the schema too.
 */
export function postgresUrlInSchema(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

/** The handle with a close that may be called more than once (before `drop()`, which closes it too). */
function closedOnce(handle: DbHandle): DbHandle {
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    close: () => {
      closing ??= handle.close();
      return closing;
    },
  };
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

/** Where a scratch database lives, and what it starts from. */
export interface ScratchOptions {
  /**
   * PostgreSQL: a schema in the URL's database (the default: the benchmark may only have one
   * database), or a database of its own next to it. The tests' own databases keep apart what
   * another file drops meanwhile: Kysely's migrator reads the tables of every schema of its database,
   * and a schema dropped under that read failed it.
   */
  postgres?: 'schema' | 'database';
  /**
   * What it starts as, instead of empty: SQLite, a database file it is a copy of; PostgreSQL (a
   * database of its own), the database it is made from (CREATE DATABASE ... TEMPLATE).
   */
  template?: string;
}

export async function createScratchDatabase(
  prefix: string,
  postgresUrl: string | undefined,
  options: ScratchOptions = {},
): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pushup-${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!postgresUrl) {
    const sqlitePath = path.join(dataDir, 'pushups.db');
    if (options.template) fs.copyFileSync(options.template, sqlitePath);
    const handle = closedOnce(createDb({ sqlitePath }));
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
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (options.postgres === 'database') {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    await runOnce(
      postgresUrl,
      `CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`,
    );
    const handle = closedOnce(createDb({ databaseUrl, sqlitePath: '' }));
    return {
      handle,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      label: `postgres (fresh database ${name}, dropped afterwards)`,
      openAgain: () => createDb({ databaseUrl, sqlitePath: '' }),
      async drop() {
        await handle.close();
        await runOnce(postgresUrl, `DROP DATABASE ${name} WITH (FORCE)`);
        removeDir();
      },
    };
  }
  await runOnce(postgresUrl, `CREATE SCHEMA ${name}`);
  const handle = closedOnce(createDb({ databaseUrl: postgresUrl, sqlitePath: '', pgSchema: name }));
  return {
    handle,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresUrlInSchema(postgresUrl, name) },
    label: `postgres (fresh schema ${name}, dropped afterwards)`,
    openAgain: () => createDb({ databaseUrl: postgresUrl, sqlitePath: '', pgSchema: name }),
    async drop() {
      await handle.close();
      await runOnce(postgresUrl, `DROP SCHEMA ${name} CASCADE`);
      removeDir();
    },
  };
}
