import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { sqliteAddonProblem } from './sqlite-addon';
import { sqliteReadWriteDialect } from './sqlite-read-write';

export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections and the queries waiting for one (the metrics read it). */
  poolUse?: () => { total: number; idle: number; waiting: number };
}

export interface DbOptions {
  /** postgres://... selects PostgreSQL. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** PostgreSQL schema to use as search_path (tests run each suite in a fresh schema). */
  pgSchema?: string;
  /** PostgreSQL connections kept (DATABASE_POOL_SIZE); pg's own default (10) unless given. */
  poolSize?: number;
}

/**
 * How many SQL texts a process gives PostgreSQL as named statements. Hot queries come first; the
 * rest (IN lists of rare lengths, say) stay unnamed, so that no connection keeps plans without end.
 */
const PG_NAMED_STATEMENTS = 300;

/**
 * pg with each SQL text prepared once per connection (a named statement), as the SQLite connection
 * keeps its statements: PostgreSQL parses a query once instead of at every call, which took a good
 * part of its CPU on a log's eight statements (decision 029). Statements without values (begin, commit)
 * stay simple queries.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < PG_NAMED_STATEMENTS) {
      name = `s${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: string, values?: unknown[]) => {
            const name = values && values.length > 0 ? nameOf(text) : undefined;
            return name ? client.query({ name, text, values }) : client.query(text, values);
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** SQLite's page caches in KiB (better-sqlite3's default is 16,000 for each connection). */
const WRITER_CACHE_KB = 4000;
const READER_CACHE_KB = 12_000;

/** The addon is read once per process, at the first SQLite connection. */
let sqliteAddonChecked = false;

/** The only place that knows the engines apart. */
/**
 * The database's folder readable by its owner only (0700), and its files too (0600): SQLite gives
 * the -wal and -shm files the database file's mode, so creating that file 0600 covers them
 * (docs/security.md). Files an older version created 0644 are narrowed.
 */
function ownerOnlyFiles(sqlitePath: string): void {
  const dir = path.dirname(sqlitePath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  fs.closeSync(fs.openSync(sqlitePath, 'a', 0o600));
  for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) {
    if (fs.existsSync(file) && (fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  }
}

export function createDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      ...(options.poolSize ? { max: options.poolSize } : {}),
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    let closing = false;
    // The server may end an idle connection at any time (a restart, a failover, an administrator's
    // pg_terminate_backend): pg-pool has already dropped it and the next query connects anew, but it
    // reports it as the pool's 'error' event, which without a listener ends the process. While
    // closing it is expected: pool.end() resolves before its sockets have closed.
    pool.on('error', (error) => {
      if (!closing) console.error(`A PostgreSQL connection was lost and is replaced: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return {
      db,
      engine: 'postgres',
      close: () => {
        closing = true;
        return db.destroy();
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  if (!sqliteAddonChecked) {
    const problem = sqliteAddonProblem();
    if (problem) throw new Error(problem);
    sqliteAddonChecked = true;
  }
  ownerOnlyFiles(options.sqlitePath);
  const writer = new SQLite(options.sqlitePath);
  writer.pragma('journal_mode = WAL');
  // Deleted rows are overwritten with zeros, not left in free space (docs/security.md, "Deleting an account").
  writer.pragma('secure_delete = ON');
  // FULL: an answered commit survives a power cut (docs/product.md, "Modes").
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  // The admin command writes while the server runs: wait for the lock instead of failing.
  writer.pragma('busy_timeout = 5000');
  // Reads outside a transaction run here, beside the writer's transactions (decision 036).
  const reader = new SQLite(options.sqlitePath);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  // better-sqlite3 gives each connection a 16 MB page cache: the two share those 16 MB, most of it
  // for the reader, which serves most reads, so the second connection costs no memory (decision 036).
  writer.pragma(`cache_size = -${WRITER_CACHE_KB}`);
  reader.pragma(`cache_size = -${READER_CACHE_KB}`);
  const db = new Kysely<Database>({ dialect: sqliteReadWriteDialect(writer, reader) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** True when `error` is a unique violation of the named constraint (`<table>_<column>_key`). */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === '23505') return e.constraint === `${table}_${column}_key`;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return typeof e.message === 'string' && e.message.includes(`${table}.${column}`);
  }
  return false;
}
