import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from '../src/db/group-commit';
import { tempDir } from './helpers';

/**
 * SQLite group commit (decision 013) on a real database file, with tables of its own so each rule
 * is seen alone: shared commits, a failing work undoing only itself, a failed COMMIT failing the
 * whole batch, results handed over only once committed.
 */

interface Tables {
  notes: { id: string; body: string };
  parents: { id: string };
  children: { id: string; parent_id: string };
}

type Scope = Transaction<Tables>;

describe('group commit on SQLite', () => {
  let file: string;
  let sqlite: SQLite.Database;
  let db: Kysely<Tables>;
  let commits: number[];
  let transaction: <T>(work: (trx: Scope) => Promise<T>) => Promise<T>;

  beforeEach(async () => {
    file = path.join(tempDir('group-commit-'), 'test.db');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    await sql`create table notes (id text primary key, body text not null)`.execute(db);
    await sql`create table parents (id text primary key)`.execute(db);
    // Checked at COMMIT, not at the insert: the way to make a COMMIT fail.
    await sql`create table children (id text primary key, parent_id text not null references parents (id) deferrable initially deferred)`.execute(
      db,
    );
    commits = [];
    transaction = groupCommit(
      db,
      (trx) => trx,
      (size) => commits.push(size),
    );
  });

  afterEach(async () => {
    await db.destroy();
  });

  const addNote = (id: string) => (trx: Scope) =>
    trx
      .insertInto('notes')
      .values({ id, body: `note ${id}` })
      .execute()
      .then(() => id);

  /** What another connection (another process, say) sees: only what has been committed. */
  function committedNotes(): string[] {
    const other = new SQLite(file, { readonly: true });
    try {
      return (other.prepare('select id from notes order by id').all() as { id: string }[]).map((r) => r.id);
    } finally {
      other.close();
    }
  }

  it('transactions that arrive together share one commit, each with its own result', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    // Each from its own callback of the event loop, as requests arrive from their sockets.
    const results = await Promise.all(
      ids.map(
        (id) => new Promise<string>((resolve) => setImmediate(() => resolve(transaction(addNote(id))))),
      ),
    );
    expect(results).toEqual(ids);
    expect(commits).toEqual([20]);
    expect(committedNotes()).toEqual(ids);
  });

  it('a lone transaction commits at once, alone', async () => {
    expect(await transaction(addNote('a'))).toBe('a');
    expect(await transaction(addNote('b'))).toBe('b');
    expect(commits).toEqual([1, 1]);
  });

  it('hands a result over only after the COMMIT that holds it', async () => {
    const seenWhenAnswered = await Promise.all(
      ['a', 'b', 'c'].map((id) => transaction(addNote(id)).then(() => committedNotes())),
    );
    for (const seen of seenWhenAnswered) expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('a work that throws undoes only its own writes; the later works of its batch see the earlier ones', async () => {
    const outcomes = await Promise.allSettled([
      transaction(addNote('a')),
      transaction(async (trx) => {
        await addNote('b')(trx);
        throw new Error('changed my mind');
      }),
      transaction(async (trx) => {
        await addNote('c')(trx);
        return (await trx.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id);
      }),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 'a' });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { message: 'changed my mind' } });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: ['a', 'c'] });
    expect(commits).toEqual([2]);
    expect(committedNotes()).toEqual(['a', 'c']);
  });

  it('a statement that fails in one work (a duplicate key) leaves the other works alone', async () => {
    await transaction(addNote('taken'));
    const outcomes = await Promise.allSettled([
      transaction(addNote('a')),
      transaction(addNote('taken')),
      transaction(addNote('b')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
    expect(committedNotes()).toEqual(['a', 'b', 'taken']);
  });

  it('when the COMMIT fails, every work of the batch gets the error and none of their writes stays', async () => {
    const outcomes = await Promise.allSettled([
      transaction(addNote('a')),
      transaction((trx) =>
        trx.insertInto('children').values({ id: 'orphan', parent_id: 'missing' }).execute(),
      ),
      transaction(addNote('b')),
    ]);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { message: 'FOREIGN KEY constraint failed' },
      });
    }
    expect(committedNotes()).toEqual([]);
    expect(await db.selectFrom('children').select('id').execute()).toEqual([]);
    // The connection is usable again.
    expect(await transaction(addNote('after'))).toBe('after');
    expect(committedNotes()).toEqual(['after']);
  });

  it('a long queue is split into commits of at most 64 transactions', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    await Promise.all(ids.map((id) => transaction(addNote(id))));
    expect(commits).toEqual([64, 64, 22]);
    expect(committedNotes()).toHaveLength(150);
  });

  it('transactions that arrive while a batch runs join it before it commits', async () => {
    let later: Promise<string[]> | undefined;
    const first = transaction(async (trx) => {
      later = Promise.all(['b', 'c'].map((id) => transaction(addNote(id))));
      return addNote('a')(trx);
    });
    expect(await first).toBe('a');
    expect(await later).toEqual(['b', 'c']);
    expect(commits).toEqual([3]);
  });
});
