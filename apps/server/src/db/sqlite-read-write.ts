import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/** How many prepared statements each connection keeps (IN lists of other lengths are other SQL). */
const STATEMENT_CACHE_SIZE = 500;

/** Reads by their text: a statement SQLite calls read-only may still be a transaction's BEGIN or a PRAGMA. */
const READ_TEXT = /^\s*(select|with)\b/i;

type Prepare = (sql: string) => SQLite.Statement;

/**
 * better-sqlite3 with its prepared statements kept by SQL text. Kysely prepares every query afresh,
 * which took 14% of the server's CPU under load (decision 029). Reuse is safe: each `all` or `run`
 * finishes before the next statement runs on the connection, and nothing here streams.
 */
function statementCache(database: SQLite.Database): Prepare {
  const statements = new Map<string, SQLite.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
}

function run(statement: SQLite.Statement, { parameters }: CompiledQuery): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** The writer's turn: one transaction, or one write outside a transaction, at a time. */
class WriterTurn {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async take(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  give(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

/** One use of the database by Kysely: a transaction (the writer's) or a run of single statements. */
class RoutedConnection implements DatabaseConnection {
  holdsWriter = false;

  constructor(private readonly driver: SqliteReadWriteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: nothing here streams; a stream would hold a statement busy.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite connections do not stream');
  }
}

/**
 * SQLite with two connections to one file (decision 036): the writer, which runs every transaction
 * and every write, one at a time as SQLite's single writer must; and a reader (`query_only`), which
 * runs each read made outside a transaction. In WAL mode a reader sees the last committed state and
 * does not wait for the writer, so a long transaction (a 50,000-row import's commit) no longer holds
 * every other user's reads. What a transaction reads goes to the writer, so it sees its own writes.
 */
class SqliteReadWriteDriver implements Driver {
  private readonly turn = new WriterTurn();
  private readonly write: Prepare;
  private readonly read: Prepare;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database,
  ) {
    this.write = statementCache(writer);
    this.read = statementCache(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async execute(connection: RoutedConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.holdsWriter) return run(this.write(query.sql), query);
    const reading = READ_TEXT.test(query.sql) ? this.read(query.sql) : undefined;
    if (reading?.readonly && reading.reader) return run(reading, query);
    await this.turn.take();
    try {
      return run(this.write(query.sql), query);
    } finally {
      this.turn.give();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    await this.turn.take();
    routed.holdsWriter = true;
    this.writer.exec('begin');
  }

  async commitTransaction(): Promise<void> {
    this.writer.exec('commit');
  }

  async rollbackTransaction(): Promise<void> {
    this.writer.exec('rollback');
  }

  /** Kysely releases the connection after a transaction's commit or rollback, even a failed one. */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    if (!routed.holdsWriter) return;
    routed.holdsWriter = false;
    this.turn.give();
  }

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

/** Kysely's SQLite dialect on the two connections. */
export function sqliteReadWriteDialect(writer: SQLite.Database, reader: SQLite.Database): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new SqliteReadWriteDriver(writer, reader),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
