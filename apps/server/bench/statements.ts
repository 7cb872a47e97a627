/**
 * `npm run bench -- --statements` on PostgreSQL: the statements PostgreSQL ran for each page under
 * load, from pg_stat_statements. The counters are reset right before a page's load and read right
 * after it, so they hold that page's statements only: how many a request costs, and which of them
 * take the time.
 */
import pg from 'pg';

/** Enough to see where a page's time goes, short enough to read beside the table. */
const TOP = 5;
const SQL_WIDTH = 100;

interface Statement {
  calls: number;
  meanMs: number;
  totalMs: number;
  query: string;
}

export interface PageStatements {
  page: string;
  requests: number;
  statements: Statement[];
}

export interface StatementCounter {
  /** Zeroes the counters of the bench's database (other databases keep theirs). */
  reset(): Promise<void>;
  /** What ran since the last reset, on the bench's database as the bench's user. */
  read(page: string, requests: number): Promise<PageStatements>;
  close(): Promise<void>;
}

/**
 * Opens a connection of its own, outside the bench's schema, so that the extension lands in the
 * database's default schema and stays when a fresh bench schema is dropped. Returns null, after
 * saying why in one line, when pg_stat_statements cannot be used: the bench goes on without it.
 */
export async function openStatementCounter(url: string): Promise<StatementCounter | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    // Wherever an earlier `create extension` put it: not necessarily on the search_path.
    const { rows } = await client.query<{ schema: string }>(
      "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'",
    );
    const schema = client.escapeIdentifier(rows[0]?.schema ?? 'public');
    const database = 'select oid from pg_database where datname = current_database()';
    const counter: StatementCounter = {
      async reset() {
        await client.query(`select ${schema}.pg_stat_statements_reset(0, (${database}), 0)`);
      },
      async read(page, requests) {
        const result = await client.query<{ calls: string; mean: number; total: number; query: string }>(
          `select calls, mean_exec_time as mean, total_exec_time as total, query
             from ${schema}.pg_stat_statements
            where dbid = (${database})
              and userid = (select oid from pg_roles where rolname = current_user)
              and query not like '%pg_stat_statements%'
            order by total_exec_time desc`,
        );
        const statements = result.rows.map((row) => ({
          calls: Number(row.calls),
          meanMs: row.mean,
          totalMs: row.total,
          query: row.query,
        }));
        return { page, requests, statements };
      },
      close: () => client.end(),
    };
    // The view answers only when the library is loaded at server start: find out now, once.
    await counter.reset();
    return counter;
  } catch (error) {
    await client.end();
    console.log(
      `--statements: pg_stat_statements is not available (${(error as Error).message}); to enable it, set shared_preload_libraries = 'pg_stat_statements' in postgresql.conf and restart PostgreSQL. Going on without it.`,
    );
    return null;
  }
}

/**
 * The statements' SQL, one line each. Kysely quotes every identifier, which takes a good part of the
 * width without telling anything, so the quotes go too.
 */
const oneLine = (query: string) => query.replace(/\s+/g, ' ').replaceAll('"', '').trim();
const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * The start of each statement's SQL. Two statements can begin alike and differ only further on (a
 * log's statement has come in two such texts), so where two do, each also shows where it departs.
 */
function shortSql(queries: string[]): string[] {
  const texts = queries.map(oneLine);
  return texts.map((text, i) => {
    const head = cut(text, SQL_WIDTH);
    const twin = texts.find((other, j) => j !== i && cut(other, SQL_WIDTH) === head);
    if (twin === undefined) return head;
    let at = 0;
    while (at < text.length && text[at] === twin[at]) at++;
    return `${cut(text, SQL_WIDTH / 2)} [at ${at}: …${cut(text.slice(Math.max(0, at - 10)), SQL_WIDTH / 2 - 10)}]`;
  });
}

const fmt = (n: number, digits: number) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function printStatements(pages: PageStatements[]): void {
  console.log('');
  console.log(
    `statements per page under load (pg_stat_statements; the top ${TOP} by total time; share = of the page's time in PostgreSQL):`,
  );
  for (const { page, requests, statements } of pages) {
    const calls = statements.reduce((sum, s) => sum + s.calls, 0);
    const totalMs = statements.reduce((sum, s) => sum + s.totalMs, 0);
    const perRequest = (n: number) => (requests > 0 ? n / requests : 0);
    console.log('');
    console.log(
      `${page}: ${fmt(requests, 0)} requests; per request ${fmt(perRequest(calls), 2)} statements, ${fmt(perRequest(totalMs), 3)} ms in PostgreSQL`,
    );
    if (statements.length === 0) continue;
    console.log(
      `  ${'calls'.padStart(9)}  ${'per req'.padStart(7)}  ${'mean ms'.padStart(8)}  ${'share'.padStart(5)}  statement`,
    );
    const top = statements.slice(0, TOP);
    const texts = shortSql(top.map((s) => s.query));
    for (const [i, s] of top.entries()) {
      const share = totalMs > 0 ? `${Math.round((100 * s.totalMs) / totalMs)}%` : '';
      console.log(
        `  ${fmt(s.calls, 0).padStart(9)}  ${fmt(perRequest(s.calls), 2).padStart(7)}  ${fmt(s.meanMs, 3).padStart(8)}  ${share.padStart(5)}  ${texts[i]}`,
      );
    }
  }
}
