import { sql } from 'kysely';
import { COPY_ORDER } from '../src/db/migrate-to';
import type { TestServer } from './helpers';

/** Every table of src/db/schema.ts (migrate-to's list, which the compiler checks is complete). */
const TABLE_NAMES = COPY_ORDER;

/**
 * Records every row that a request inserts, changes or deletes, in any table, by triggers in the
 * test's database: `writes()` lists those since the last `mark()` as `+ table {row}` (inserted),
 * `~ table {row}` (changed, as it is now) and `- table {row}` (deleted). An update that leaves every
 * column as it was is no change. Reading two triggers' lines is what comparing every row of every
 * table before and after a request would tell, without reading every table twice per request.
 */
export interface WriteWatch {
  /** Forgets what was written so far. */
  mark(): Promise<void>;
  /** What was written since the last mark, in the order it was written. */
  writes(): Promise<string[]>;
}

interface WriteLine {
  id: number | string;
  line: string;
}

/** Installs the triggers in the server's database (once per database) and starts watching. */
export async function watchWrites(server: TestServer): Promise<WriteWatch> {
  const { db, engine } = server.db.handle;
  if (engine === 'postgres') await installPostgresTriggers(server);
  else await installSqliteTriggers(server);
  let last = 0;
  const newest = async () => {
    const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from test_writes`.execute(
      db,
    );
    return Number(rows[0]?.id ?? 0);
  };
  last = await newest();
  return {
    async mark() {
      last = await newest();
    },
    async writes() {
      const { rows } = await sql<WriteLine>`
        select id, line from test_writes where id > ${last} order by id`.execute(db);
      return rows.map((row) => row.line);
    },
  };
}

async function installSqliteTriggers(server: TestServer): Promise<void> {
  const { db } = server.db.handle;
  await sql`create table if not exists test_writes (
      id integer primary key autoincrement, line text not null)`.execute(db);
  for (const table of TABLE_NAMES) {
    const { rows: columns } = await sql<{ name: string }>`
      select name from pragma_table_info(${table})`.execute(db);
    const row = (side: 'new' | 'old') =>
      `json_object(${columns.map((c) => `'${c.name}', ${side}."${c.name}"`).join(', ')})`;
    const changed = columns.map((c) => `old."${c.name}" is not new."${c.name}"`).join(' or ');
    const record = (sign: string, side: 'new' | 'old') =>
      `insert into test_writes (line) values ('${sign} ${table} ' || ${row(side)});`;
    await sql
      .raw(`create trigger if not exists test_writes_${table}_insert after insert on "${table}"
        begin ${record('+', 'new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger if not exists test_writes_${table}_update after update on "${table}"
        when ${changed} begin ${record('~', 'new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger if not exists test_writes_${table}_delete after delete on "${table}"
        begin ${record('-', 'old')} end`)
      .execute(db);
  }
}

async function installPostgresTriggers(server: TestServer): Promise<void> {
  const { db } = server.db.handle;
  await sql`create table if not exists test_writes (id bigserial primary key, line text not null)`.execute(
    db,
  );
  await sql`create or replace function test_writes_record() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into test_writes (line) values ('- ' || tg_table_name || ' ' || row_to_json(old)::text);
        return old;
      end if;
      insert into test_writes (line)
        values ((case tg_op when 'INSERT' then '+ ' else '~ ' end) || tg_table_name || ' ' || row_to_json(new)::text);
      return new;
    end $$`.execute(db);
  for (const table of TABLE_NAMES) {
    for (const statement of [
      `drop trigger if exists test_writes_insert_delete on "${table}"`,
      `create trigger test_writes_insert_delete after insert or delete on "${table}"
        for each row execute function test_writes_record()`,
      `drop trigger if exists test_writes_update on "${table}"`,
      `create trigger test_writes_update after update on "${table}"
        for each row when (old.* is distinct from new.*) execute function test_writes_record()`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
}
