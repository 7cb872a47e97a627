/**
 * The SQLite files on disk (docs/security.md, "Deleting an account"): the data directory and the
 * database files are the owner's alone, and a deleted account leaves no trace in them, because
 * secure_delete zeroes its rows in the pages and a checkpoint empties the WAL that held them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { groupsHarness } from './groups-helpers';
import { createTestServer, type TestServer, tempDir } from './helpers';

describe('the SQLite files', () => {
  let server: TestServer;
  let dataDir: string;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    // A data directory the server creates itself, as on a first start.
    dataDir = path.join(tempDir('deletion-'), 'data');
    const sqlitePath = path.join(dataDir, 'pushups.db');
    const handle = createDb({ sqlitePath });
    await migrateToLatest(handle);
    server = await createTestServer('sqlite', {
      db: {
        handle,
        dataDir,
        env: { DATA_DIR: dataDir },
        label: 'sqlite',
        openAgain: () => createDb({ sqlitePath }),
        drop: () => handle.close(),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await server?.db.drop();
  });

  const filesOf = () =>
    ['pushups.db', 'pushups.db-wal', 'pushups.db-shm']
      .map((name) => path.join(dataDir, name))
      .filter((file) => fs.existsSync(file));

  it('keeps the data directory 0700 and its database files 0600', () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(filesOf().length).toBeGreaterThanOrEqual(2);
    for (const file of filesOf()) expect(fs.statSync(file).mode & 0o777, file).toBe(0o600);
  });

  it('leaves none of a deleted user’s uuid, email or goal text in the database files', async () => {
    const [who, friend] = await Promise.all([h.person(), h.person()]);
    const goalText = `zq${Date.now().toString(36)}goal`;
    h.body(
      await h.call(who, 'PATCH', '/api/users/profile-update', {
        personalGoal: 5000,
        goalDescription: goalText,
      }),
      200,
    );
    await h.groupWith(friend, [who]);
    for (let i = 0; i < 30; i++) h.body(await h.call(who, 'POST', '/api/pushups', { count: 10 + i }), 201);
    const traces = [who.uuid, who.account.email.toLowerCase(), goalText];
    const found = () => {
      const bytes = Buffer.concat(filesOf().map((file) => fs.readFileSync(file)));
      return traces.filter((trace) => bytes.includes(Buffer.from(trace)));
    };
    // Before: the rows are there (the check can fail).
    await server.repos.storage.overwriteDeletedRows();
    expect(found()).toEqual(traces);

    expect((await h.call(who, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(found()).toEqual([]);
    // The friend's data is untouched.
    expect(fs.readFileSync(path.join(dataDir, 'pushups.db')).includes(Buffer.from(friend.uuid))).toBe(true);
  });
});
