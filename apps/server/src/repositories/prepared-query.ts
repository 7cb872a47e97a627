import { type Compilable, CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/client';
import type { Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';

/** The types a prepared query's parameters may have. */
interface ParamTypes {
  string: string;
  number: number;
}

/** A prepared query's parameters: each name with its type. */
export type ParamSpec = Record<string, keyof ParamTypes>;

/** The values a run of a prepared query takes, typed by its spec. */
export type ParamValues<S extends ParamSpec> = { [K in keyof S]: ParamTypes[S[K]] };

/** What a query builder gets for each parameter: an expression of its type, usable wherever a value is. */
export type ParamExpressions<S extends ParamSpec> = { [K in keyof S]: RawBuilder<ParamTypes[S[K]]> };

/** What stands for a parameter while the query is compiled: an object no value can be. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query that Kysely builds and compiles once per engine and that then runs with new values: for the
 * hottest reads, building and compiling the query cost as much CPU as SQLite took to run it
 * (decision 029). `build` gets an expression for each parameter of `params` (not for lists, whose
 * length would change the SQL); each run passes the values, which go to the driver with their types.
 */
export class PreparedQuery<S extends ParamSpec, Row> {
  private readonly compiled = new Map<Engine, { sql: string; parameters: readonly unknown[] }>();

  constructor(
    private readonly params: S,
    private readonly build: (
      db: Kysely<Database>,
      params: ParamExpressions<S>,
      engine: EngineSql,
    ) => Compilable<Row>,
  ) {}

  async execute(db: Kysely<Database>, engine: EngineSql, values: ParamValues<S>): Promise<Row[]> {
    let query = this.compiled.get(engine.engine);
    if (!query) {
      // A slot's expression holds the Slot as its value: the compiled parameters show where it went.
      const slots = Object.fromEntries(
        Object.keys(this.params).map((name) => [name, sql.val(new Slot(name))]),
      ) as unknown as ParamExpressions<S>;
      const { sql: text, parameters } = this.build(db, slots, engine).compile();
      query = { sql: text, parameters };
      this.compiled.set(engine.engine, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.name as keyof S] : p));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>);
    return result.rows;
  }
}
