import type { Engine } from '../../db/client';
import type { EngineSql } from './engine-sql';
import { postgresSql } from './postgres';
import { sqliteSql } from './sqlite';

export type { EngineSql, NewEntry } from './engine-sql';

/** The module of what `engine` does differently. */
export function engineSqlOf(engine: Engine): EngineSql {
  return engine === 'postgres' ? postgresSql : sqliteSql;
}
