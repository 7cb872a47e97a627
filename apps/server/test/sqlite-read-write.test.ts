import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { tempDir } from './helpers';

/**
 * SQLite's two connections (decision 036), through `createDb` as the server opens them: a read made
 * outside a transaction is answered while another transaction holds the writer, and sees only what
 * is committed; writes still take their turn one at a time; a transaction reads its own writes.
 */

interface Tables {
  notes: { id: string };
}

/** A promise with its resolve, to hold a transaction open until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('SQLite reads beside a transaction', () => {
  let handle: DbHandle;
  let db: Kysely<Tables>;

  beforeEach(async () => {
    handle = createDb({ sqlitePath: path.join(tempDir('read-write-'), 'test.db') });
    db = handle.db as unknown as Kysely<Tables>;
    await sql`create table notes (id text primary key)`.execute(db);
    await db.insertInto('notes').values({ id: 'before' }).execute();
  });

  afterEach(async () => {
    await handle.close();
  });

  const noteIds = async () =>
    (await db.selectFrom('notes').select('id').orderBy('id').execute()).map((row) => row.id);

  it('answers a read while a transaction holds the writer, with what was committed before it', async () => {
    const held = gate();
    const started = gate();
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 'inside' }).execute();
      expect((await trx.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([
        'before',
        'inside',
      ]);
      started.open();
      await held.opened;
    });
    await started.opened;

    // With one connection this read waited for the transaction, which waits for the read: it never ended.
    expect(await noteIds()).toEqual(['before']);
    // A raw read (as the one-statement reads are written) goes the same way.
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(rows[0]?.n).toBe(1);

    held.open();
    await transaction;
    expect(await noteIds()).toEqual(['before', 'inside']);
  });

  it('makes a write outside a transaction wait for the writer, then lands it', async () => {
    const held = gate();
    const started = gate();
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 'inside' }).execute();
      started.open();
      await held.opened;
      order.push('transaction done');
    });
    await started.opened;

    const write = db
      .insertInto('notes')
      .values({ id: 'outside' })
      .execute()
      .then(() => order.push('write done'));
    expect(await noteIds()).toEqual(['before']);
    held.open();
    await Promise.all([transaction, write]);

    expect(order).toEqual(['transaction done', 'write done']);
    expect(await noteIds()).toEqual(['before', 'inside', 'outside']);
  });

  it('gives the writer back after a transaction that failed', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 'undone' }).execute();
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');

    await db.insertInto('notes').values({ id: 'after' }).execute();
    expect(await noteIds()).toEqual(['after', 'before']);
  });

  it('sends a write that begins like a read to the writer', async () => {
    // `with ... insert` reads like a read by its first word; SQLite knows it writes.
    await sql`with x as (select 'cte' as id) insert into notes (id) select id from x`.execute(db);
    expect(await noteIds()).toEqual(['before', 'cte']);
  });
});
