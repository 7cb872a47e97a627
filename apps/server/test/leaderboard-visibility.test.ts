/**
 * Leaderboard visibility (docs/product.md, "Leaderboard visibility"; decision 022), on SQLite and,
 * with TEST_DATABASE_URL, PostgreSQL: a user hidden from the global leaderboard is on no one else's
 * board and counts in no one else's rank, still sees their own row and rank, stays on the group
 * boards, and the rank bands keep counting exactly the shown users through every change.
 */
import { randomUUID } from 'node:crypto';
import { type LeaderboardRow, MESSAGES, type UserSettings } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_BUCKET_COUNT, recountRankBuckets } from '../src/db/rank-buckets';
import { newUserRow } from '../src/repositories/users.repository';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

const NOW = '2025-06-01T12:00:00.000Z';

describe.each(engines)('leaderboard visibility on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  /** Seeded users (no account): a named few at the top, 150 at 50 each. */
  const seeded = new Map<string, string>();

  beforeAll(async () => {
    // Its own database: the board is global.
    server = await createTestServer(engine);
    const users = [
      { username: 'alpha', total: 900 },
      { username: 'bravo', total: 800 },
      { username: 'charlie', total: 700 },
      { username: 'shy_one', total: 750 },
      ...Array.from({ length: 150 }, (_, i) => ({ username: `f_${String(i).padStart(3, '0')}`, total: 50 })),
    ];
    await server.repos.transaction(async (repos) => {
      for (const user of users) {
        const uuid = randomUUID();
        seeded.set(user.username, uuid);
        await repos.users.insert(
          newUserRow({
            uuid,
            firebaseUid: `seed-${uuid}`,
            username: user.username,
            email: `${user.username}@example.com`,
            tierId: 'default',
            now: NOW,
          }),
        );
        await repos.pushups.addToTotal(uuid, user.total, NOW);
      }
      // Hidden from the start: 750 would be third.
      await repos.pushups.setHidden(seeded.get('shy_one') as string, true, NOW);
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const board = async (who: Person) =>
    h.body<LeaderboardRow[]>(await h.call(who, 'GET', '/api/pushups/leaderboard'), 200);
  const settings = async (who: Person, body?: Record<string, unknown>) =>
    h.body<UserSettings>(
      body === undefined
        ? await h.call(who, 'GET', '/api/users/settings')
        : await h.call(who, 'PATCH', '/api/users/settings', body),
      200,
    );
  async function log(who: Person, count: number) {
    return h.body<{ uuid: string }>(await h.call(who, 'POST', '/api/pushups', { count }), 201);
  }

  /** The bands count every shown user with a total, and no hidden one (decision 012). */
  async function expectBandsExact() {
    const db = server.db.handle.db;
    const expected = await recountRankBuckets(db);
    const stored = new Array<number>(RANK_BUCKET_COUNT).fill(0);
    for (const row of await db.selectFrom('rank_buckets').select(['bucket', 'users']).execute()) {
      stored[row.bucket] = row.users;
    }
    expect(stored).toEqual(expected);
  }

  it('leaves a hidden user off everyone else’s board and out of their ranks; the user still sees their own', async () => {
    const [viewer, hider] = await h.people(2);
    const big = await log(hider, 1000);
    expect((await board(viewer))[0]).toMatchObject({ rank: 1, username: hider.username, total: 1000 });
    await log(viewer, 10);
    // alpha, bravo, charlie, the hider and 150 at 50 have more than 10; shy_one is hidden.
    expect((await board(viewer)).at(-1)).toEqual({
      rank: 155,
      username: viewer.username,
      total: 10,
      isCurrentUser: true,
    });

    expect(await settings(hider, { showOnLeaderboard: false })).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: false,
      language: null,
      theme: null,
    });
    expect(await settings(hider)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: false,
      language: null,
      theme: null,
    });
    await expectBandsExact();

    // The others: neither the hider nor shy_one, and ranks without them.
    const seen = await board(viewer);
    expect(seen).toHaveLength(101);
    expect(seen.map((row) => row.username)).not.toContain(hider.username);
    expect(seen.map((row) => row.username)).not.toContain('shy_one');
    expect(seen.slice(0, 4)).toEqual([
      { rank: 1, username: 'alpha', total: 900, trophy: 'gold', isCurrentUser: false },
      { rank: 2, username: 'bravo', total: 800, trophy: 'silver', isCurrentUser: false },
      { rank: 3, username: 'charlie', total: 700, trophy: 'bronze', isCurrentUser: false },
      { rank: 4, username: 'f_000', total: 50, isCurrentUser: false },
    ]);
    expect(seen[100]).toEqual({ rank: 154, username: viewer.username, total: 10, isCurrentUser: true });

    // The hider: the same shown rows, and their own in its place, marked hidden, ranked among the shown.
    const own = await board(hider);
    expect(own).toHaveLength(101);
    expect(own[0]).toEqual({
      rank: 1,
      username: hider.username,
      total: 1000,
      trophy: 'gold',
      isCurrentUser: true,
      hidden: true,
    });
    expect(own.slice(1)).toEqual(seen.slice(0, 100));

    // Low on the board: after the rows, with the rank among the shown (the viewer's 10 counts).
    expect((await h.call(hider, 'DELETE', `/api/pushups/${big.uuid}`)).statusCode).toBe(204);
    await log(hider, 2);
    await expectBandsExact();
    const low = await board(hider);
    expect(low).toHaveLength(101);
    expect(low[100]).toEqual({
      rank: 155,
      username: hider.username,
      total: 2,
      isCurrentUser: true,
      hidden: true,
    });
    expect(low.slice(0, 100)).toEqual(seen.slice(0, 100));

    // Shown again: back on everyone's board, and in the viewer's rank once above them.
    expect(await settings(hider, { showOnLeaderboard: true })).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: null,
      theme: null,
    });
    await expectBandsExact();
    expect((await board(viewer)).at(-1)).toMatchObject({ rank: 154, username: viewer.username });
    await log(hider, 20);
    expect((await board(viewer)).at(-1)).toMatchObject({ rank: 155, username: viewer.username });
    expect((await board(hider)).at(-1)).toEqual({
      rank: 154,
      username: hider.username,
      total: 22,
      isCurrentUser: true,
    });
  });

  it('keeps a choice made before the first entry, through imports and account deletion', async () => {
    const [viewer, early] = await h.people(2);
    expect(await settings(early)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: null,
      theme: null,
    });
    expect(await settings(early, { showOnLeaderboard: false })).toMatchObject({ showOnLeaderboard: false });
    await expectBandsExact();
    // No push-ups yet: no row for anyone, the caller included.
    expect((await board(early)).some((row) => row.isCurrentUser)).toBe(false);

    await log(early, 1000);
    await log(early, 1000);
    const imported = await h.call(early, 'POST', '/api/pushups/import', {
      csv: 'date,count\n2025-06-01,40\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectBandsExact();
    expect((await board(viewer)).map((row) => row.username)).not.toContain(early.username);
    expect((await board(early))[0]).toMatchObject({
      rank: 1,
      total: 2040,
      isCurrentUser: true,
      hidden: true,
    });

    expect((await h.call(early, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    await expectBandsExact();
  });

  it('leaves the group boards as they are: members see a hidden member', async () => {
    const [admin, hider] = await h.people(2);
    await log(hider, 30);
    await settings(hider, { showOnLeaderboard: false });
    const group = await h.groupWith(admin, [hider]);
    const stats = h.body<{ members: { username: string; total: number }[] }>(
      await h.call(admin, 'GET', `/api/groups/${group.id}/stats`),
      200,
    );
    expect(stats.members).toContainEqual(expect.objectContaining({ username: hider.username, total: 30 }));
  });

  it('refuses a visibility that is not true or false, and changes nothing', async () => {
    const [who] = await h.people(1);
    await settings(who, { showOnLeaderboard: false });
    for (const showOnLeaderboard of ['no', 1, null, 'false']) {
      expectError(
        await h.call(who, 'PATCH', '/api/users/settings', { showOnLeaderboard }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.leaderboardVisibilityInvalid,
      );
    }
    expectError(
      await h.call(who, 'PATCH', '/api/users/settings', {}),
      400,
      'VALIDATION_ERROR',
      MESSAGES.settingsEmpty,
    );
    expect(await settings(who)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: false,
      language: null,
      theme: null,
    });
    // Rest days alone leave the visibility as it is.
    expect(await settings(who, { restDaysPerWeek: 1 })).toEqual({
      restDaysPerWeek: 1,
      showOnLeaderboard: false,
      language: null,
      theme: null,
    });
  });
});
