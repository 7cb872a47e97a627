/**
 * Several API processes on one database (docs/product.md, "Modes": the API keeps no per-process state that
 * could contradict another process beyond the leaderboard's documented lifetime). Two apps, each with
 * its own connection or pool to the same database, take interleaved writes; then both must answer
 * every read alike, with exact totals.
 */
import { randomUUID } from 'node:crypto';
import {
  dayInZone,
  type FeedPage,
  type Group,
  type GroupAchievements,
  type GroupMemberPushups,
  type GroupStats,
  type LeaderboardRow,
  type PlanState,
  type PushupEntry,
  type UserJoinRequest,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_LIVED_MS } from '../src/reads/staleness';
import {
  bearer,
  createTwoProcesses,
  engines,
  registeredAccount,
  type TestAccount,
  type TestServer,
  type TwoProcesses,
} from './helpers';

describe.each(engines)('two API processes on one %s database', (engine) => {
  let processes: TwoProcesses;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    processes = await createTwoProcesses(engine);
    ({ first, second } = processes);
  });
  afterAll(async () => {
    await processes?.close();
  });

  async function call(
    server: TestServer,
    account: TestAccount,
    method: string,
    url: string,
    payload?: unknown,
  ) {
    return server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(account), 'x-timezone': 'Europe/Berlin' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  it('answers every read alike after writes spread over both, with exact totals', async () => {
    const alice = await registeredAccount(first);
    const bob = await registeredAccount(second);
    const servers = [first, second];

    // 40 entries logged through both processes at once, then edits and deletes through the other.
    const logged = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(servers[i % 2] as TestServer, i % 4 < 2 ? alice.account : bob.account, 'POST', '/api/pushups', {
          count: i + 1,
        }),
      ),
    );
    expect(logged.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const entries = logged.map((r, i) => ({ entry: r.json<PushupEntry>(), owner: i % 4 < 2 ? alice : bob }));
    const changes = await Promise.all(
      entries.slice(0, 12).map(({ entry, owner }, i) =>
        i % 3 === 0
          ? call(servers[(i + 1) % 2] as TestServer, owner.account, 'DELETE', `/api/pushups/${entry.uuid}`)
          : call(servers[(i + 1) % 2] as TestServer, owner.account, 'PATCH', `/api/pushups/${entry.uuid}`, {
              count: 500 + i,
            }),
      ),
    );
    expect(changes.map((r) => r.statusCode).sort()).toEqual([...Array(8).fill(200), ...Array(4).fill(204)]);

    // A group made on one process, joined and approved through the other.
    const group = (
      await call(first, alice.account, 'POST', '/api/groups', { name: 'Two processes' })
    ).json<Group>();
    const request = await call(second, bob.account, 'POST', `/api/groups/${group.id}/join-requests`);
    expect(request.statusCode).toBe(201);
    const decided = await call(
      second,
      alice.account,
      'POST',
      `/api/groups/requests/${request.json<UserJoinRequest>().requestId}`,
      {
        accept: true,
      },
    );
    expect(decided.statusCode).toBe(204);

    for (const { account } of [alice, bob]) {
      for (const url of [
        '/api/users/profile',
        '/api/pushups',
        '/api/pushups/daily',
        '/api/pushups/leaderboard',
        '/api/groups',
        '/api/groups/quota',
        `/api/groups/${group.id}/members`,
        `/api/groups/${group.id}/stats`,
        `/api/pushups/group/${group.id}/members`,
        `/api/groups/${group.id}/achievements`,
      ]) {
        const [a, b] = await Promise.all(servers.map((server) => call(server, account, 'GET', url)));
        expect(a?.statusCode, url).toBe(200);
        expect(b?.statusCode, url).toBe(200);
        expect(b?.json(), url).toEqual(a?.json());
      }
    }

    // The totals both processes report are the sums of the entries that remain.
    const board = (await call(second, alice.account, 'GET', '/api/pushups/leaderboard')).json<
      LeaderboardRow[]
    >();
    for (const { account, profile } of [alice, bob]) {
      const remaining = (await call(first, account, 'GET', '/api/pushups')).json<PushupEntry[]>();
      const sum = remaining.reduce((total, entry) => total + entry.count, 0);
      expect(board.find((row) => row.username === profile.username)?.total).toBe(sum);
    }
  });

  it("shows a member's new achievement through the other process at once, though both cache the members' latest", async () => {
    const alice = await registeredAccount(first);
    const group = (
      await call(first, alice.account, 'POST', '/api/groups', { name: 'Kept latest' })
    ).json<Group>();
    const url = `/api/groups/${group.id}/achievements`;
    const latestIds = async (server: TestServer) =>
      (await call(server, alice.account, 'GET', url)).json<GroupAchievements>()[0]?.latest.map((a) => a.id);
    for (const server of [first, second]) expect(await latestIds(server)).toEqual(['first-group']);
    expect((await call(first, alice.account, 'POST', '/api/pushups', { count: 1 })).statusCode).toBe(201);
    for (const server of [second, first])
      expect(await latestIds(server)).toEqual(['first-entry', 'first-group']);
  });

  it("shows the newest feed page shared by a process with the caller's own day and cheer at once, every new line at once, and another's changed day within its lifetime", async () => {
    const alice = await registeredAccount(first);
    const bob = await registeredAccount(second);
    const group = (
      await call(first, alice.account, 'POST', '/api/groups', { name: 'Kept feed' })
    ).json<Group>();
    const request = await call(second, bob.account, 'POST', `/api/groups/${group.id}/join-requests`);
    const requestId = request.json<UserJoinRequest>().requestId;
    await call(first, alice.account, 'POST', `/api/groups/requests/${requestId}`, { accept: true });
    const feed = `/api/groups/${group.id}/feed`;
    const dayLine = async (viewer: TestAccount, username: string) =>
      (await call(second, viewer, 'GET', feed))
        .json<FeedPage>()
        .lines.find((line) => line.kind === 'day' && line.person.username === username);

    expect((await call(first, alice.account, 'POST', '/api/pushups', { count: 10 })).statusCode).toBe(201);
    // The second process shares the newest page; alice adds to her day through the first.
    expect(await dayLine(bob.account, alice.profile.username)).toMatchObject({ count: 10, cheers: 0 });
    expect((await call(first, alice.account, 'POST', '/api/pushups', { count: 5 })).statusCode).toBe(201);
    const started = Date.now();
    expect(await dayLine(alice.account, alice.profile.username)).toMatchObject({ count: 15 });
    // Bob's cheer through the first process: on his page at once, with its count.
    const day = (await dayLine(alice.account, alice.profile.username))?.day ?? '';
    const cheer = `/api/groups/${group.id}/members/${alice.profile.uuid}/cheers/${day}`;
    expect((await call(first, bob.account, 'PUT', cheer)).statusCode).toBe(204);
    expect(await dayLine(bob.account, alice.profile.username)).toMatchObject({
      cheers: 1,
      cheeredByMe: true,
    });
    // Bob's day's first push-ups add a line: everyone sees it at once.
    expect((await call(first, bob.account, 'POST', '/api/pushups', { count: 3 })).statusCode).toBe(201);
    expect(await dayLine(alice.account, bob.profile.username)).toMatchObject({ count: 3 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SHORT_LIVED_MS - (Date.now() - started))));
    expect(await dayLine(alice.account, alice.profile.username)).toMatchObject({
      count: 15,
      cheers: 1,
      cheeredByMe: false,
    });

    expect(
      (await call(first, alice.account, 'DELETE', `/api/groups/${group.id}/members/${bob.profile.uuid}`))
        .statusCode,
    ).toBe(204);
    expect((await call(second, bob.account, 'GET', feed)).statusCode).toBe(403);
  });

  it("shows another member's write on a cached group page within its lifetime, the caller's own at once, and refuses a removed member at once", async () => {
    const alice = await registeredAccount(first);
    const bob = await registeredAccount(second);
    const group = (
      await call(first, alice.account, 'POST', '/api/groups', { name: 'Kept members' })
    ).json<Group>();
    const request = await call(second, bob.account, 'POST', `/api/groups/${group.id}/join-requests`);
    const requestId = request.json<UserJoinRequest>().requestId;
    expect(
      (await call(first, alice.account, 'POST', `/api/groups/requests/${requestId}`, { accept: true }))
        .statusCode,
    ).toBe(204);
    const daySums = `/api/pushups/group/${group.id}/members`;
    const latest = `/api/groups/${group.id}/achievements`;
    const stats = `/api/groups/${group.id}/stats`;
    const aliceTotal = async (viewer: TestAccount) =>
      (await call(second, viewer, 'GET', stats))
        .json<GroupStats>()
        .members.find((m) => m.username === alice.profile.username)?.total;
    const aliceDays = async (viewer: TestAccount) => {
      const answer = await call(second, viewer, 'GET', daySums);
      expect(answer.statusCode).toBe(200);
      const members = answer.json<GroupMemberPushups>();
      return members.find((m) => m.username === alice.profile.username)?.days.map((d) => d.total);
    };
    const aliceLatest = async (viewer: TestAccount) =>
      (await call(second, viewer, 'GET', latest))
        .json<GroupAchievements>()
        .find((m) => m.username === alice.profile.username)
        ?.latest.map((a) => a.id);

    // The second process caches the group's members; alice then logs through the first.
    expect(await aliceDays(bob.account)).toEqual([]);
    expect(await aliceLatest(bob.account)).toEqual(['first-group']);
    expect(await aliceTotal(bob.account)).toBe(0);
    expect((await call(first, alice.account, 'POST', '/api/pushups', { count: 12 })).statusCode).toBe(201);
    const started = Date.now();
    // Alice sees her own entry and achievement on the second process at once.
    expect(await aliceDays(alice.account)).toEqual([12]);
    expect(await aliceLatest(alice.account)).toEqual(['first-entry', 'first-group']);
    expect(await aliceTotal(alice.account)).toBe(12);
    // Bob sees them there within the lifetime.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SHORT_LIVED_MS - (Date.now() - started))));
    expect(await aliceDays(bob.account)).toEqual([12]);
    expect(await aliceLatest(bob.account)).toEqual(['first-entry', 'first-group']);
    expect(await aliceTotal(bob.account)).toBe(12);

    // Removed through the first process, bob is refused by the second at once, though it caches him.
    expect(
      (await call(first, alice.account, 'DELETE', `/api/groups/${group.id}/members/${bob.profile.uuid}`))
        .statusCode,
    ).toBe(204);
    for (const url of [daySums, latest, stats]) {
      const refused = await call(second, bob.account, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        message: 'You are not a member of this group',
        code: 'FORBIDDEN',
      });
    }
  });

  it('writes an entry both processes receive at the same moment once, with identical answers', async () => {
    const { account, profile } = await registeredAccount(first);
    // A device that resent its entry while the first attempt was still on its way (decision 017),
    // 10 times to each process.
    const body = { count: 23, date: '2025-09-09T09:09:09+02:00', uuid: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 === 0 ? first : second, account, 'POST', '/api/pushups', body),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0]?.json<PushupEntry>()).toEqual({
      uuid: body.uuid,
      count: 23,
      date: '2025-09-09T07:09:09.000Z',
      day: '2025-09-09',
    });

    const db = first.db.handle.db;
    const rows = await db
      .selectFrom('pushups')
      .select('uuid')
      .where('user_uuid', '=', profile.uuid)
      .execute();
    expect(rows).toEqual([{ uuid: body.uuid }]);
    expect(await first.repos.pushups.totalOf(profile.uuid)).toBe(23);
    for (const server of [first, second]) {
      const board = (await call(server, account, 'GET', '/api/pushups/leaderboard')).json<LeaderboardRow[]>();
      expect(board.find((row) => row.isCurrentUser)?.total).toBe(23);
    }
  });

  it("shows another process's write on a cached leaderboard within its lifetime, and a caller's own at once", async () => {
    const viewer = await registeredAccount(second);
    const climber = await registeredAccount(first);
    const log = (server: TestServer, account: TestAccount, count: number) =>
      call(server, account, 'POST', '/api/pushups', { count });
    const totalOn = async (server: TestServer, account: TestAccount, username: string) =>
      (await call(server, account, 'GET', '/api/pushups/leaderboard'))
        .json<LeaderboardRow[]>()
        .find((row) => row.username === username)?.total;
    expect((await log(first, climber.account, 10)).statusCode).toBe(201);
    expect((await log(second, viewer.account, 5)).statusCode).toBe(201);
    // The second process caches its board; the climber then logs through the first.
    expect(await totalOn(second, viewer.account, climber.profile.username)).toBe(10);
    expect((await log(first, climber.account, 990)).statusCode).toBe(201);
    const started = Date.now();

    // The climber sees their own new total on either process at once.
    expect(await totalOn(second, climber.account, climber.profile.username)).toBe(1000);
    // Everyone else sees it on the second process within the lifetime.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SHORT_LIVED_MS - (Date.now() - started))));
    expect(await totalOn(second, viewer.account, climber.profile.username)).toBe(1000);
  });

  it("takes a user who hides or deletes their account off the other process's cached leaderboard at once", async () => {
    const viewer = await registeredAccount(second);
    const hider = await registeredAccount(first);
    const leaver = await registeredAccount(first);
    const listed = async () =>
      (await call(second, viewer.account, 'GET', '/api/pushups/leaderboard'))
        .json<LeaderboardRow[]>()
        .map((row) => row.username);
    expect((await call(first, hider.account, 'POST', '/api/pushups', { count: 900 })).statusCode).toBe(201);
    expect((await call(first, leaver.account, 'POST', '/api/pushups', { count: 800 })).statusCode).toBe(201);
    // The second process caches a board that lists both.
    expect(await listed()).toEqual(expect.arrayContaining([hider.profile.username, leaver.profile.username]));

    const hidden = await call(first, hider.account, 'PATCH', '/api/users/settings', {
      showOnLeaderboard: false,
    });
    expect(hidden.statusCode).toBe(200);
    expect(await listed()).not.toContain(hider.profile.username);

    expect((await call(first, leaver.account, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(await listed()).not.toContain(leaver.profile.username);
  });

  it("shows the caller's plan as the other process last wrote it, at once: every action, a workout, a test and a deleted entry", async () => {
    const { account } = await registeredAccount(first);
    const today = dayInZone(new Date(), 'Europe/Berlin');
    // Each read through the second process, twice: the first may fill its cache, the second uses it.
    const plan = async () => {
      await call(second, account, 'GET', '/api/plan');
      const answer = await call(second, account, 'GET', '/api/plan');
      expect(answer.statusCode).toBe(200);
      return answer.json<PlanState>();
    };
    expect((await plan()).plan).toBeNull();

    const started = await call(first, account, 'PUT', '/api/plan', {
      planId: 'custom',
      level: 1,
      startDay: today,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      custom: { sets: 2, reps: 5, restSeconds: 30 },
    });
    expect(started.statusCode).toBe(200);
    expect((await plan()).plan).toMatchObject({ progress: { status: 'active', pauses: [] }, shared: false });

    const act = async (body: Record<string, unknown>) =>
      expect((await call(first, account, 'PATCH', '/api/plan', body)).statusCode).toBe(200);
    await act({ action: 'pause' });
    expect((await plan()).plan?.progress.status).toBe('paused');
    await act({ action: 'resume' });
    expect((await plan()).plan?.progress.status).toBe('active');
    await act({ action: 'level', level: 2 });
    expect((await plan()).plan?.progress.level).toBe(2);
    await act({ action: 'share', shared: true });
    expect((await plan()).plan?.shared).toBe(true);

    const workout = randomUUID();
    const finished = await call(first, account, 'POST', '/api/workouts', {
      id: workout,
      session: 0,
      sets: [5, 5],
    });
    expect(finished.statusCode).toBe(201);
    expect((await plan()).plan?.doneToday.map((w) => w.id)).toEqual([workout]);
    // Deleting the workout's entry keeps the workout; the answer follows the new revision all the same.
    expect((await call(first, account, 'DELETE', `/api/pushups/${workout}`)).statusCode).toBe(204);
    expect((await plan()).plan?.doneToday.map((w) => w.id)).toEqual([workout]);

    const test = await call(first, account, 'POST', '/api/plan/tests', { id: randomUUID(), count: 31 });
    expect(test.statusCode).toBe(201);
    expect((await plan()).latestTest?.count).toBe(31);

    await act({ action: 'abandon' });
    expect((await plan()).plan).toBeNull();
  });
});
