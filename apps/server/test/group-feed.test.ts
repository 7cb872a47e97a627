/**
 * A group's feed (docs/product.md, "Group challenges, cheers and the feed"), on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: a line per member and day updated in place, achievements, challenges
 * and new members; members only; a member hidden from the global leaderboard still shown; a removed
 * member's lines kept without a link; paging by cursor while new lines arrive.
 */
import { type FeedLine, MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengesHarness } from './challenges-helpers';
import { expectError } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';
import { manualClock } from './reminders-helpers';

/** What a line says, without its id and instant. */
const said = (line: FeedLine) =>
  [
    line.kind,
    line.person.username,
    line.day ?? line.achievementId ?? line.challenge?.name ?? null,
    line.count,
  ]
    .filter((part) => part !== null)
    .join(' ');

describe.each(engines)('group feed on %s', (engine) => {
  let server: TestServer;
  const clock = manualClock(new Date().toISOString());
  const h = challengesHarness(() => server, clock);

  beforeAll(async () => {
    server = await createTestServer(engine, { clock: clock.now });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a member’s day as one line updated in place, their achievements, challenges and new members, newest first', async () => {
    const [admin, anna] = await h.people(2);
    const group = await h.groupWith(admin, [anna]);
    const today = h.backInTime(0);
    await h.logAt(anna, 30, today, '00:01');
    await h.logAt(anna, 50, today, '00:02');
    const challenge = await h.createChallenge(admin, group.id, {
      name: 'Week race',
      startDay: today,
      endDay: today,
    });
    await h.join(anna, group.id, challenge.id);
    const page = await h.feed(admin, group.id);
    expect(page.lines.map(said)).toEqual([
      `challenge-joined ${anna.username} Week race`,
      `challenge-created ${admin.username} Week race`,
      `achievement ${anna.username} day-50`,
      `achievement ${anna.username} first-entry`,
      `day ${anna.username} ${today} 80`,
      `achievement ${anna.username} first-group`,
      `member-joined ${anna.username}`,
      `achievement ${admin.username} first-group`,
    ]);
    expect(page.nextCursor).toBeNull();
    const day = page.lines.find((line) => line.kind === 'day');
    expect(day).toMatchObject({ person: { uuid: anna.uuid }, cheers: 0, cheeredByMe: false });
  });

  it('is for members only: an outsider and a removed member are refused', async () => {
    const [admin, member, outsider] = await h.people(3);
    const group = await h.groupWith(admin, [member]);
    expectError(
      await h.call(outsider, 'GET', `/api/groups/${group.id}/feed`),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );
    expect((await h.call(admin, 'DELETE', `/api/groups/${group.id}/members/${member.uuid}`)).statusCode).toBe(
      204,
    );
    expectError(
      await h.call(member, 'GET', `/api/groups/${group.id}/feed`),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );
    expectError(
      await h.call(admin, 'GET', `/api/groups/${group.id}/feed?cursor=${encodeURIComponent('bm9wZQ')}`),
      400,
      'VALIDATION_ERROR',
      MESSAGES.feedCursorInvalid,
    );
    const pastEveryPlace = Buffer.from('feed:99999999999').toString('base64url');
    expectError(
      await h.call(admin, 'GET', `/api/groups/${group.id}/feed?cursor=${pastEveryPlace}`),
      400,
      'VALIDATION_ERROR',
      MESSAGES.feedCursorInvalid,
    );
  });

  it('shows a member hidden from the global leaderboard to their group, and a removed member’s lines without a link', async () => {
    const [admin, hidden, removed] = await h.people(3);
    const group = await h.groupWith(admin, [hidden, removed]);
    h.body(await h.call(hidden, 'PATCH', '/api/users/settings', { showOnLeaderboard: false }), 200);
    const today = h.backInTime(0);
    await h.logAt(hidden, 12, today, '00:01');
    await h.logAt(removed, 8, today, '00:01');
    expect(
      (await h.call(admin, 'DELETE', `/api/groups/${group.id}/members/${removed.uuid}`)).statusCode,
    ).toBe(204);
    const page = await h.feed(admin, group.id);
    const days = page.lines.filter((line) => line.kind === 'day');
    expect(days.map((line) => [line.person, line.count])).toEqual([
      [{ uuid: null, username: removed.username }, 8],
      [{ uuid: hidden.uuid, username: hidden.username }, 12],
    ]);
    const removedLines = page.lines.filter((line) => line.person.username === removed.username);
    expect(removedLines.length).toBeGreaterThan(1);
    expect(JSON.stringify(removedLines)).not.toContain(removed.uuid);
  });

  it('gives concurrent writers in the same groups distinct places, without a deadlock', async () => {
    const [admin, ...members] = await h.people(7);
    const first = await h.groupWith(admin, members);
    const second = await h.groupWith(admin, [...members].reverse());
    const today = h.backInTime(0);
    // Each member's first entry of a day: a day line and an achievement line in both groups at once.
    const replies = await Promise.all(
      members.map((who) =>
        h.call(who, 'POST', '/api/pushups', { count: 60, date: `${h.addDays(today, -3)}T12:00:00.000Z` }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(members.length).fill(201));
    for (const group of [first, second]) {
      const lines = (await h.feed(admin, group.id)).lines;
      const places = lines.map((line) => Number(line.id));
      expect(new Set(places).size).toBe(places.length);
      expect(lines.filter((line) => line.kind === 'day')).toHaveLength(members.length);
      expect(lines.filter((line) => line.achievementId === 'day-50')).toHaveLength(members.length);
    }
  });

  it('pages newest first by cursor, without a duplicate or a skipped line while new lines arrive', async () => {
    const [admin, a, b] = await h.people(3);
    const group = await h.groupWith(admin, [a, b]);
    const today = h.backInTime(0);
    // 3 + 20 day lines (back-dated days), besides the joins and the first achievements.
    for (let i = 1; i <= 20; i++) await h.logAt(i % 2 ? a : b, 1, h.addDays(today, -i - 40));
    const before = (await h.feed(admin, group.id, '?limit=50')).lines.map((line) => line.id);
    expect(before.length).toBeGreaterThan(20);

    const seen: string[] = [];
    let cursor: string | null = null;
    let fresh = 0;
    do {
      const query: string = cursor ? `?limit=4&cursor=${cursor}` : '?limit=4';
      const page = await h.feed(admin, group.id, query);
      seen.push(...page.lines.map((line) => line.id));
      cursor = page.nextCursor;
      // New lines arrive between the pages (at the top, where the pages have already been).
      await h.logAt(a, 1, h.addDays(today, -100 - fresh++));
      await h.logAt(b, 1, h.addDays(today, -100 - fresh++));
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
    // Newest first: places only go down.
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((x, y) => y - x));
  });
});
