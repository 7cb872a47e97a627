/**
 * The global leaderboard (docs/product.md, "Dashboard"; decisions 007 and 012), on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: ranks by running total, ties, trophies, the top 100 and the
 * caller's own row below it, and what a log or an edit changes.
 */
import { randomUUID } from 'node:crypto';
import { type LeaderboardRow, type PushupEntry, pushupsCalls } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserRow } from '../src/repositories/users.repository';
import { bearer, createTestServer, engines, signUp, type TestAccount, type TestServer } from './helpers';

describe.each(engines)('leaderboard on %s', (engine) => {
  let server: TestServer;
  let caller: TestAccount;
  let callerName: string;
  const now = '2025-06-01T12:00:00.000Z';

  /** Users straight into the database with their running totals (no entries needed to rank). */
  async function seed(users: { username: string; total: number }[]) {
    await server.repos.transaction(async (repos) => {
      for (const user of users) {
        const uuid = randomUUID();
        await repos.users.insert(
          newUserRow({
            uuid,
            firebaseUid: `seed-${uuid}`,
            username: user.username,
            email: `${user.username.toLowerCase()}@example.com`,
            tierId: 'default',
            now,
          }),
        );
        await repos.pushups.addToTotal(uuid, user.total, now);
      }
    });
  }

  beforeAll(async () => {
    // Its own database: the board is global, so no other test's users may appear on it.
    server = await createTestServer(engine, { inviteOnly: false });
    await seed([
      { username: 'bravo', total: 900 },
      { username: 'Alpha', total: 900 },
      { username: 'delta', total: 800 },
      { username: 'echo', total: 700 },
      { username: 'yak', total: 600 },
      { username: 'Zed', total: 600 },
      { username: 'nobody', total: 0 },
      ...Array.from({ length: 150 }, (_, i) => ({ username: `f_${String(i).padStart(3, '0')}`, total: 50 })),
    ]);
    caller = await signUp();
    callerName = 'zz_caller';
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(caller),
      payload: { username: callerName },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function board(account: TestAccount = caller) {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/pushups/leaderboard',
      headers: bearer(account),
    });
    expect(response.statusCode).toBe(200);
    // Most responses are written as JSON once for every caller off the board
    // (docs/decisions/027): they must still be exactly what the contract describes.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = response.json<LeaderboardRow[]>();
    expect(pushupsCalls.leaderboard.answer.parse(rows)).toEqual(rows);
    return rows;
  }

  async function callerLogs(count: number): Promise<PushupEntry> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/pushups',
      headers: bearer(caller),
      payload: { count },
    });
    expect(response.statusCode).toBe(201);
    return response.json<PushupEntry>();
  }

  async function callerEdits(entry: PushupEntry, count: number) {
    const response = await server.app.inject({
      method: 'PATCH',
      url: `/api/pushups/${entry.uuid}`,
      headers: bearer(caller),
      payload: { count },
    });
    expect(response.statusCode).toBe(200);
  }

  it('ranks by total (ties share a rank, ordered by username ignoring case), trophies for 1-3', async () => {
    const rows = await board();
    expect(rows).toHaveLength(100);
    expect(rows.slice(0, 7)).toEqual([
      { rank: 1, username: 'Alpha', total: 900, trophy: 'gold', isCurrentUser: false },
      { rank: 1, username: 'bravo', total: 900, trophy: 'gold', isCurrentUser: false },
      { rank: 3, username: 'delta', total: 800, trophy: 'bronze', isCurrentUser: false },
      { rank: 4, username: 'echo', total: 700, isCurrentUser: false },
      { rank: 5, username: 'yak', total: 600, isCurrentUser: false },
      { rank: 5, username: 'Zed', total: 600, isCurrentUser: false },
      { rank: 7, username: 'f_000', total: 50, isCurrentUser: false },
    ]);
    expect(rows[99]).toEqual({ rank: 7, username: 'f_093', total: 50, isCurrentUser: false });
    expect(rows.map((row) => row.username)).not.toContain('nobody');
    // No row for a caller who has not logged anything.
    expect(rows.some((row) => row.isCurrentUser || row.username === callerName)).toBe(false);
  });

  it('appends the caller’s own row with its true rank when outside the top 100', async () => {
    const entry = await callerLogs(1);
    let rows = await board();
    expect(rows).toHaveLength(101);
    expect(rows.slice(0, 100).some((row) => row.isCurrentUser)).toBe(false);
    // Everyone else (6 named users and 150 at 50) has more.
    expect(rows[100]).toEqual({ rank: 157, username: callerName, total: 1, isCurrentUser: true });
    // Someone passes the caller: their rank moves at once (the counts kept end with the board).
    const passer = await signUp();
    await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(passer),
      payload: { username: `passer_${Date.now()}` },
    });
    const passed = await server.app.inject({
      method: 'POST',
      url: '/api/pushups',
      headers: bearer(passer),
      payload: { count: 5 },
    });
    expect(passed.statusCode).toBe(201);
    expect((await board())[100]).toEqual({ rank: 158, username: callerName, total: 1, isCurrentUser: true });

    // Tied with the users at the cut, but after them by name: the shared rank.
    await callerEdits(entry, 50);
    rows = await board();
    expect(rows).toHaveLength(101);
    expect(rows[99]?.username).toBe('f_093');
    expect(rows[100]).toEqual({ rank: 7, username: callerName, total: 50, isCurrentUser: true });

    // Others see the same top 100 and no row of the caller.
    const other = await signUp();
    await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(other),
      payload: { username: `viewer_${Date.now()}` },
    });
    const seen = await board(other);
    expect(seen).toEqual(rows.slice(0, 100));

    // At the top: in place, no extra row; the others move down a rank.
    await callerEdits(entry, 1000);
    rows = await board();
    expect(rows).toHaveLength(100);
    expect(rows.slice(0, 4)).toEqual([
      { rank: 1, username: callerName, total: 1000, trophy: 'gold', isCurrentUser: true },
      { rank: 2, username: 'Alpha', total: 900, trophy: 'silver', isCurrentUser: false },
      { rank: 2, username: 'bravo', total: 900, trophy: 'silver', isCurrentUser: false },
      { rank: 4, username: 'delta', total: 800, isCurrentUser: false },
    ]);

    // Back to nothing: off the board.
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/pushups/${entry.uuid}`,
      headers: bearer(caller),
    });
    expect(removed.statusCode).toBe(204);
    rows = await board();
    expect(rows).toHaveLength(100);
    expect(rows.some((row) => row.isCurrentUser)).toBe(false);
  });
});
