import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from './client';
import type { Database } from './schema';

/** What stands for a value while the query is compiled: no value a caller sends can look like it. */
const SLOT = '\u0000slot:';

/**
 * A query that Kysely builds and compiles once per engine and that then runs with new values
 * (issue 19): for the hottest reads, building and compiling the query cost as much CPU as SQLite took
 * to answer it. `build` gets a stand-in string for each named value; it may use them wherever a
 * query takes a string value (not in lists, whose length would change the SQL).
 */
export class PreparedQuery<Name extends string, Row> {
  private readonly compiled = new Map<Engine, { sql: string; parameters: readonly unknown[] }>();

  constructor(
    private readonly names: readonly Name[],
    private readonly build: (
      db: Kysely<Database>,
      values: Record<Name, string>,
      engine: Engine,
    ) => Compilable<Row>,
  ) {}

  async execute(db: Kysely<Database>, engine: Engine, values: Record<Name, string>): Promise<Row[]> {
    let query = this.compiled.get(engine);
    if (!query) {
      const slots = Object.fromEntries(this.names.map((name) => [name, `${SLOT}${name}`])) as Record<
        Name,
        string
      >;
      const { sql, parameters } = this.build(db, slots, engine).compile();
      query = { sql, parameters };
      this.compiled.set(engine, query);
    }
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(SLOT) ? values[p.slice(SLOT.length) as Name] : p,
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>);
    return result.rows;
  }
}
