/**
 * The group leaderboard (GET /api/groups/:id/stats) and the members' day sums
 * (GET /api/pushups/group/:id/members), on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 * Weeks start on Sunday and months on the 1st in the viewer's X-Timezone; entries are seeded with
 * explicit days around those boundaries, computed from today in the viewer's zone.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  dayInZone,
  type GroupMemberPushups,
  type GroupMemberStats,
  type GroupStats,
  groupsCalls,
  MESSAGES,
  pushupsCalls,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
// UTC+14 and UTC-11: at any moment at least one of them is on another day than UTC.
const KIRITIMATI = 'Pacific/Kiritimati';
const PAGO_PAGO = 'Pacific/Pago_Pago';

/** The Sunday on or before `day`, worked out here rather than with the server's helper. */
function sundayOf(day: string): string {
  return addDays(day, -new Date(`${day}T12:00:00Z`).getUTCDay());
}

function firstOfNextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

function letters(n: number): string {
  return Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

describe.each(engines)('group stats on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  const { call, body, person } = h;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Entries on explicit days, straight into the database, with the running total and day sums
   * updated as the API would.
   */
  async function seed(who: Person, entries: ReadonlyArray<readonly [string, number]>) {
    const now = new Date().toISOString();
    await server.repos.transaction(async (repos) => {
      for (const [day, count] of entries) {
        await repos.pushups.insert({
          uuid: randomUUID(),
          user_uuid: who.uuid,
          count,
          date: `${day}T12:00:00.000Z`,
          day,
          created_at: now,
          updated_at: now,
        });
        await repos.pushups.addToTotal(who.uuid, count, now);
        await repos.pushups.addToDay(who.uuid, day, count);
      }
    });
  }

  async function stats(viewer: Person, groupId: string, timezone = 'UTC') {
    return body<GroupStats>(
      await call(viewer, 'GET', `/api/groups/${groupId}/stats`, undefined, timezone),
      200,
    );
  }

  it.each([AUCKLAND, LOS_ANGELES, KIRITIMATI, PAGO_PAGO])(
    'sums the week from Sunday and the month from the 1st in the viewer’s zone (%s)',
    async (zone) => {
      const [viewer, member] = await Promise.all([person(), person()]);
      const g = await h.groupWith(viewer, [member]);
      const today = dayInZone(new Date(), zone);
      const sunday = sundayOf(today);
      const first = `${today.slice(0, 7)}-01`;
      const nextFirst = firstOfNextMonth(today);
      const entries = [
        [addDays(sunday, -1), 1], // the Saturday before: last week
        [sunday, 2],
        [today, 4],
        [addDays(sunday, 7), 8], // next Sunday: a day this zone has not reached
        [addDays(first, -1), 16], // the last day of last month
        [first, 32],
        [nextFirst, 64], // the 1st of next month: not reached either
        ['2025-01-01', 128],
      ] as const;
      await seed(member, entries);
      const sum = (from: string, before: string) =>
        entries.filter(([day]) => day >= from && day < before).reduce((total, [, count]) => total + count, 0);

      const answer = await stats(viewer, g.id, zone);
      expect(answer).toMatchObject({ groupId: g.id, name: g.name, weekStart: sunday, monthStart: first });
      expect(answer.members.find((row) => row.uuid === member.uuid)).toMatchObject({
        week: sum(sunday, addDays(sunday, 7)),
        month: sum(first, nextFirst),
        total: 255,
      });
      expect(answer.members.find((row) => row.uuid === viewer.uuid)).toMatchObject({
        week: 0,
        month: 0,
        total: 0,
      });
    },
  );

  it('ranks by total (ties share a rank), medals only for the top 3 with push-ups, with roles and the caller', async () => {
    const tag = letters(6);
    const named = (name: string) => person(undefined, `${tag}_${name}`);
    const [owner, alpha, bravo, charlie, delta, echo] = await Promise.all([
      named('owner'),
      named('alpha'),
      named('Bravo'),
      named('charlie'),
      named('delta'),
      named('echo'),
    ]);
    const g = await h.groupWith(owner, [alpha, bravo, charlie, delta, echo]);
    expect((await call(owner, 'POST', `/api/groups/${g.id}/admins`, { userId: alpha.uuid })).statusCode).toBe(
      204,
    );
    // Long ago: nothing this week or month, all of it in the totals.
    await seed(alpha, [
      ['2025-02-03', 60],
      ['2025-02-04', 40],
    ]);
    await seed(bravo, [['2025-02-03', 100]]);
    await seed(charlie, [['2025-02-05', 40]]);
    await seed(echo, [['2025-02-05', 10]]);

    const row = (who: Person, role: string, total: number, rank: number, medal?: string) => ({
      uuid: who.uuid,
      username: who.username,
      role,
      week: 0,
      month: 0,
      total,
      rank,
      ...(medal ? { medal } : {}),
      isCurrentUser: who === charlie,
    });
    const answer = await stats(charlie, g.id);
    expect(answer.members).toEqual([
      // Ties by username, ignoring case: alpha before Bravo.
      row(alpha, 'admin', 100, 1, 'gold'),
      row(bravo, 'member', 100, 1, 'gold'),
      row(charlie, 'member', 40, 3, 'bronze'),
      row(echo, 'member', 10, 4),
      row(delta, 'member', 0, 5),
      row(owner, 'admin', 0, 5),
    ]);
    // Written as JSON in advance (docs/ARCHITECTURE.md, "Read caches"): still exactly the contract.
    expect(groupsCalls.stats.answer.parse(answer)).toEqual(answer);
    // Another viewer: only their own row is theirs.
    const seenByOwner = await stats(owner, g.id);
    expect(seenByOwner.members.filter((m) => m.isCurrentUser).map((m) => m.uuid)).toEqual([owner.uuid]);
  });

  it('gives no medal to a top-3 rank without push-ups, and bronze to everyone tied third', async () => {
    const [a, b, c, d, e, x, y, z] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    const five = await h.groupWith(a, [b, c, d, e]);
    await seed(a, [['2025-03-01', 30]]);
    await seed(b, [['2025-03-01', 20]]);
    await seed(c, [['2025-03-01', 10]]);
    await seed(d, [['2025-03-02', 10]]);
    const medals = (members: GroupMemberStats[]) => members.map((m) => [m.total, m.rank, m.medal ?? null]);
    expect(medals((await stats(a, five.id)).members)).toEqual([
      [30, 1, 'gold'],
      [20, 2, 'silver'],
      [10, 3, 'bronze'],
      [10, 3, 'bronze'],
      [0, 5, null],
    ]);

    const three = await h.groupWith(x, [y, z]);
    await seed(x, [['2025-03-01', 10]]);
    expect(medals((await stats(y, three.id)).members)).toEqual([
      [10, 1, 'gold'],
      [0, 2, null],
      [0, 2, null],
    ]);
  });

  it('answers the members’ day sums by username, oldest first, and nothing of non-members', async () => {
    const [owner, a, b, leaver, outsider] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    const g = await h.groupWith(owner, [a, b, leaver]);
    const log = async (who: Person, count: number, date: string) => {
      expect((await call(who, 'POST', '/api/pushups', { count, date })).statusCode).toBe(201);
    };
    await log(a, 10, '2025-03-12T12:00:00Z');
    await log(a, 5, '2025-03-10T08:00:00Z');
    await log(a, 7, '2025-03-10T20:00:00Z');
    await log(owner, 3, '2025-04-01T12:00:00Z');
    await log(outsider, 50, '2025-03-10T12:00:00Z');
    await log(leaver, 20, '2025-03-11T12:00:00Z');
    expect((await call(leaver, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);

    const url = `/api/pushups/group/${g.id}/members`;
    const byName = (answer: GroupMemberPushups) => {
      // The database writes the days as JSON: still exactly what the contract describes.
      expect(pushupsCalls.groupMembers.answer.parse(answer)).toEqual(answer);
      return Object.fromEntries(answer.map((member) => [member.username, member.days]));
    };
    expect(byName(body<GroupMemberPushups>(await call(b, 'GET', url), 200))).toEqual({
      [owner.username]: [{ day: '2025-04-01', total: 3 }],
      [a.username]: [
        { day: '2025-03-10', total: 12 },
        { day: '2025-03-12', total: 10 },
      ],
      [b.username]: [],
    });
    expect(
      byName(body<GroupMemberPushups>(await call(a, 'GET', `${url}?from=2025-03-11&to=2025-03-31`), 200)),
    ).toEqual({
      [owner.username]: [],
      [a.username]: [{ day: '2025-03-12', total: 10 }],
      [b.username]: [],
    });
    // The stats list the same members, the one who left not among them.
    expect((await stats(b, g.id)).members.map((m) => m.username).sort()).toEqual(
      [owner.username, a.username, b.username].sort(),
    );
    for (const stranger of [outsider, leaver]) {
      expectError(await call(stranger, 'GET', url), 403, 'FORBIDDEN', MESSAGES.serverNotGroupMember);
    }
  });

  it('answers the day sums of members named __proto__, constructor and toString like anyone else’s', async () => {
    const owner = await person();
    const members = await Promise.all(
      ['__proto__', 'constructor', 'toString'].map((name) => person(undefined, name)),
    );
    const g = await h.groupWith(owner, members);
    for (const [i, member] of members.entries()) {
      body(await call(member, 'POST', '/api/pushups', { count: 10 + i }), 201);
    }
    const day = expect.any(String);
    expect(
      body<GroupMemberPushups>(await call(owner, 'GET', `/api/pushups/group/${g.id}/members`), 200),
    ).toEqual([
      { username: owner.username, days: [] },
      { username: '__proto__', days: [{ day, total: 10 }] },
      { username: 'constructor', days: [{ day, total: 11 }] },
      { username: 'toString', days: [{ day, total: 12 }] },
    ]);
  });

  it('shows a viewer no member’s day that their own today has not reached, though the server caches it', async () => {
    const [viewer, member] = await Promise.all([person(), person()]);
    const g = await h.groupWith(viewer, [member]);
    // 25 hours apart: Kiritimati's today is always a day Pago Pago has not reached.
    const ahead = 'Pacific/Kiritimati';
    const behind = 'Pacific/Pago_Pago';
    const aheadToday = dayInZone(new Date(), ahead);
    const behindToday = dayInZone(new Date(), behind);
    const earlier = addDays(behindToday, -1);
    const earlierEntry = { count: 4, date: `${earlier}T12:00:00.000Z` };
    expect((await call(member, 'POST', '/api/pushups', earlierEntry, 'UTC')).statusCode).toBe(201);
    expect((await call(member, 'POST', '/api/pushups', { count: 9 }, ahead)).statusCode).toBe(201);
    const url = `/api/pushups/group/${g.id}/members`;
    const daysSeenIn = async (zone: string) =>
      body<GroupMemberPushups>(await call(viewer, 'GET', url, undefined, zone), 200).find(
        (m) => m.username === member.username,
      )?.days;
    // Ahead first, so that the whole history is cached before the viewers behind read it; Honolulu's
    // today is always the day before Kiritimati's, so the cached history is cut for two todays in turn.
    for (const zone of [ahead, behind, 'Pacific/Honolulu', behind, ahead, 'Pacific/Honolulu']) {
      expect(await daysSeenIn(zone)).toEqual([
        { day: earlier, total: 4 },
        ...(zone === ahead ? [{ day: aheadToday, total: 9 }] : []),
      ]);
    }
    expect(aheadToday > behindToday).toBe(true);
  });

  it('shows every change of a member’s day sums at once, though the server caches them', async () => {
    const [viewer, member] = await Promise.all([person(), person()]);
    const g = await h.groupWith(viewer, [member]);
    const today = dayInZone(new Date(), 'UTC');
    const yesterday = addDays(today, -1);
    const url = `/api/pushups/group/${g.id}/members`;
    /** What the viewer sees of the member: their day sums, and their week, month and total. */
    const seen = async () => {
      const days = body<GroupMemberPushups>(await call(viewer, 'GET', url), 200).find(
        (m) => m.username === member.username,
      )?.days;
      const row = (await stats(viewer, g.id)).members.find((m) => m.username === member.username);
      return { days, month: row?.month, total: row?.total };
    };
    expect(await seen()).toEqual({ days: [], month: 0, total: 0 });

    const logged = body<{ uuid: string }>(await call(member, 'POST', '/api/pushups', { count: 10 }), 201);
    expect(await seen()).toEqual({ days: [{ day: today, total: 10 }], month: 10, total: 10 });

    const edit = (changes: object) => call(member, 'PATCH', `/api/pushups/${logged.uuid}`, changes);
    expect((await edit({ count: 15 })).statusCode).toBe(200);
    expect(await seen()).toEqual({ days: [{ day: today, total: 15 }], month: 15, total: 15 });

    // Re-dated with the same count: the total stays, the days move.
    expect((await edit({ count: 15, date: `${yesterday}T12:00:00.000Z` })).statusCode).toBe(200);
    const thisMonth = yesterday.slice(0, 7) === today.slice(0, 7) ? 15 : 0;
    expect(await seen()).toEqual({ days: [{ day: yesterday, total: 15 }], month: thisMonth, total: 15 });

    const imported = await call(member, 'POST', '/api/pushups/import', { csv: `date,count\n${today},7\n` });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await seen()).toEqual({
      days: [
        { day: yesterday, total: 15 },
        { day: today, total: 7 },
      ],
      month: thisMonth + 7,
      total: 22,
    });

    expect((await call(member, 'DELETE', `/api/pushups/${logged.uuid}`)).statusCode).toBe(204);
    expect(await seen()).toEqual({ days: [{ day: today, total: 7 }], month: 7, total: 7 });
  });
});
