/**
 * A group challenge's totals and its fixed result (docs/product.md, "Group challenges, cheers and
 * the feed"), on SQLite and (with TEST_DATABASE_URL) PostgreSQL: each participant's own local days at
 * the window's edges, ties in a race, back-dated entries into and out of the window, the result fixed
 * once the last zone has finished the end day and never changed by entries afterwards, and a deleted
 * account's place in it.
 */
import { DELETED_USER_NAME, MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTimeToInstant } from '../src/services/shared/local-time';
import { AUCKLAND, challengesHarness, LOS_ANGELES } from './challenges-helpers';
import { expectError } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';
import { manualClock } from './reminders-helpers';

describe.each(engines)('challenge results on %s', (engine) => {
  let server: TestServer;
  const clock = manualClock(new Date().toISOString());
  const h = challengesHarness(() => server, clock);

  beforeAll(async () => {
    server = await createTestServer(engine, { clock: clock.now });
  });
  afterAll(async () => {
    await server?.close();
  });

  const earned = async (userUuid: string) =>
    (
      await server.db.handle.db
        .selectFrom('achievements')
        .select('achievement_id')
        .where('user_uuid', '=', userUuid)
        .execute()
    )
      .map((row) => row.achievement_id)
      .filter((id) => id.startsWith('challenge-'))
      .sort();

  it('counts each participant’s own days at the window’s edges and fixes the result when the last zone ends', async () => {
    const [admin, kiwi, angeleno] = await h.people(3);
    h.zones.set(kiwi.uuid, AUCKLAND);
    h.zones.set(angeleno.uuid, LOS_ANGELES);
    const group = await h.groupWith(admin, [kiwi, angeleno]);
    const start = h.backInTime(10);
    const end = h.addDays(start, 2);
    const created = await h.createChallenge(admin, group.id, { startDay: start, endDay: end });
    await h.join(kiwi, group.id, created.id);
    await h.join(angeleno, group.id, created.id);

    // Auckland: 00:30 of the start day counts, 23:30 of the day before does not.
    await h.logAt(kiwi, 11, start, '00:30');
    await h.logAt(kiwi, 100, h.addDays(start, -1), '23:30');
    // Los Angeles: 23:30 of the end day counts (08:30 the next day in Auckland), 00:30 after it does not.
    await h.logAt(angeleno, 13, end, '23:30');
    await h.logAt(angeleno, 100, h.addDays(end, 1), '00:30');
    // The admin, in UTC: the end day counts.
    await h.logAt(admin, 5, end, '23:59');

    // Just before the end of the end day in Los Angeles (the last zone): still open everywhere.
    const lastEnd = localTimeToInstant(h.addDays(end, 1), '00:00', LOS_ANGELES).getTime();
    clock.set(new Date(lastEnd - 60_000).toISOString());
    const before = await h.page(angeleno, group.id, created.id);
    expect(before.result).toBeNull();
    expect(before.status).toBe('running');
    // For the admin in UTC, the end day is over: finished, but the result is not fixed yet.
    const adminView = await h.page(admin, group.id, created.id);
    expect(adminView.status).toBe('finished');
    expect(adminView.result).toBeNull();
    expect(h.totals(before)).toEqual([
      [angeleno.username, 13, 1],
      [kiwi.username, 11, 2],
      [admin.username, 5, 3],
    ]);

    clock.set(new Date(lastEnd).toISOString());
    const after = await h.page(kiwi, group.id, created.id);
    expect(after.result).toMatchObject({
      winners: [{ uuid: angeleno.uuid, username: angeleno.username }],
      reachedTarget: true,
      groupTotal: 29,
    });
    expect(after.result?.fixedAt).toBe(new Date(lastEnd).toISOString());
    expect(await earned(angeleno.uuid)).toEqual(['challenge-completed', 'challenge-won']);
    expect(await earned(kiwi.uuid)).toEqual(['challenge-completed']);
  });

  it('shares the win of a tie, and ranks the next one third', async () => {
    const [admin, a, b, c] = await h.people(4);
    const group = await h.groupWith(admin, [a, b, c]);
    const start = h.backInTime(10);
    const created = await h.createChallenge(admin, group.id, { startDay: start, endDay: start });
    for (const who of [a, b, c]) await h.join(who, group.id, created.id);
    await h.logAt(a, 30, start);
    await h.logAt(b, 20, start);
    await h.logAt(b, 10, start, '18:00');
    await h.logAt(c, 7, start);
    clock.set(new Date().toISOString());
    const result = await h.page(admin, group.id, created.id);
    expect(h.totals(result).slice(0, 3)).toEqual(
      expect.arrayContaining([
        [a.username, 30, 1],
        [b.username, 30, 1],
      ]),
    );
    expect(h.totals(result)[2]).toEqual([c.username, 7, 3]);
    expect(result.result?.winners.map((w) => w.username).sort()).toEqual([a.username, b.username].sort());
    expect(await earned(a.uuid)).toEqual(['challenge-completed', 'challenge-won']);
    expect(await earned(b.uuid)).toEqual(['challenge-completed', 'challenge-won']);
    expect(await earned(c.uuid)).toEqual(['challenge-completed']);
    // The admin logged nothing in the window: neither completed nor won.
    expect(await earned(admin.uuid)).toEqual([]);
    // The group's feed names each winner of the tie, on a line of their own.
    const won = (await h.feed(c, group.id)).lines.filter((line) => line.kind === 'challenge-won');
    expect(won.map((line) => [line.person.username, line.challenge?.id]).sort()).toEqual(
      [
        [a.username, created.id],
        [b.username, created.id],
      ].sort(),
    );
  });

  it('counts back-dated entries into the window and drops those re-dated out of it while it runs', async () => {
    const [admin, runner] = await h.people(2);
    const group = await h.groupWith(admin, [runner]);
    const start = h.backInTime(10);
    const end = h.addDays(start, 5);
    const created = await h.createChallenge(admin, group.id, {
      startDay: start,
      endDay: end,
      kind: 'everyone',
      target: 100,
    });
    await h.join(runner, group.id, created.id);
    // Two days into the challenge (the clock), an entry back-dated to its first day counts.
    clock.set(localTimeToInstant(h.addDays(start, 2), '12:00', 'UTC').toISOString());
    const inside = await h.logAt(runner, 40, start);
    const outside = await h.logAt(runner, 50, h.addDays(start, -1));
    let view = await h.page(runner, group.id, created.id);
    expect(view.participants.find((p) => p.isCurrentUser)).toMatchObject({
      total: 40,
      share: 0.4,
      reached: false,
    });
    // 60 to go in 4 days (today included): 15 a day.
    expect(view.pace).toEqual({ remaining: 60, perDay: 15, daysLeft: 4 });
    // Re-dated into the window, the other entry counts; the first, re-dated out, no longer does.
    const into = localTimeToInstant(h.addDays(start, 1), '12:00', 'UTC').toISOString();
    const outOf = localTimeToInstant(h.addDays(start, -2), '12:00', 'UTC').toISOString();
    h.body(await h.call(runner, 'PATCH', `/api/pushups/${outside.uuid}`, { count: 50, date: into }), 200);
    h.body(await h.call(runner, 'PATCH', `/api/pushups/${inside.uuid}`, { count: 40, date: outOf }), 200);
    view = await h.page(runner, group.id, created.id);
    expect(view.participants.find((p) => p.isCurrentUser)?.total).toBe(50);
  });

  it('keeps a fixed result when entries are re-dated or deleted afterwards', async () => {
    const [admin, runner] = await h.people(2);
    const group = await h.groupWith(admin, [runner]);
    const start = h.backInTime(10);
    const created = await h.createChallenge(admin, group.id, {
      startDay: start,
      endDay: h.addDays(start, 1),
      kind: 'together',
      target: 60,
    });
    await h.join(runner, group.id, created.id);
    const first = await h.logAt(runner, 40, start);
    const second = await h.logAt(admin, 25, h.addDays(start, 1));
    clock.set(new Date().toISOString());
    const fixed = await h.page(runner, group.id, created.id);
    expect(fixed.result).toMatchObject({ reachedTarget: true, groupTotal: 65, winners: [] });

    const away = localTimeToInstant(h.addDays(start, -3), '12:00', 'UTC').toISOString();
    h.body(await h.call(runner, 'PATCH', `/api/pushups/${first.uuid}`, { count: 40, date: away }), 200);
    expect((await h.call(admin, 'DELETE', `/api/pushups/${second.uuid}`)).statusCode).toBe(204);
    const later = await h.page(admin, group.id, created.id);
    expect(later.result).toEqual(fixed.result);
    expect(h.totals(later)).toEqual(h.totals(fixed));
    // A fixed challenge can no longer be joined or left.
    expectError(
      await h.call(runner, 'DELETE', `/api/groups/${group.id}/challenges/${created.id}/participation`),
      409,
      'CONFLICT',
      MESSAGES.challengeOver,
    );
  });

  it('keeps a deleted account’s place in a finished result as a name-less line', async () => {
    const [admin, leaver, stayer] = await h.people(3);
    const group = await h.groupWith(admin, [leaver, stayer]);
    const start = h.backInTime(10);
    const created = await h.createChallenge(admin, group.id, { startDay: start, endDay: start });
    await h.join(leaver, group.id, created.id);
    await h.join(stayer, group.id, created.id);
    await h.logAt(leaver, 70, start);
    await h.logAt(stayer, 20, start);
    clock.set(new Date().toISOString());
    const fixed = await h.page(admin, group.id, created.id);
    expect(fixed.result?.winners).toEqual([{ uuid: leaver.uuid, username: leaver.username }]);

    expect((await h.call(leaver, 'DELETE', '/api/users/me', { confirmation: 'confirm' })).statusCode).toBe(
      204,
    );
    const after = await h.page(admin, group.id, created.id);
    expect(after.participants[0]).toMatchObject({
      person: { uuid: null, username: DELETED_USER_NAME },
      total: 70,
      rank: 1,
      reached: true,
    });
    expect(after.result?.winners).toEqual([{ uuid: null, username: DELETED_USER_NAME }]);
    expect(after.result?.groupTotal).toBe(90);
    expect(JSON.stringify(after)).not.toContain(leaver.uuid);
  });

  it('fixes the results that are due in the reminder loop’s tick, once', async () => {
    const [admin] = await h.people(1);
    const group = await h.groupWith(admin, []);
    const start = h.backInTime(10);
    const created = await h.createChallenge(admin, group.id, { startDay: start, endDay: start });
    await h.logAt(admin, 9, start);
    clock.set(new Date().toISOString());
    await Promise.all([server.app.reminderScheduler.tick(), server.app.reminderScheduler.tick()]);
    const row = await server.db.handle.db
      .selectFrom('challenges')
      .select(['fixed_at', 'end_pushed', 'start_pushed'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.fixed_at).not.toBeNull();
    expect(row.end_pushed).toBe(1);
    const results = await server.db.handle.db
      .selectFrom('challenge_results')
      .selectAll()
      .where('challenge_id', '=', created.id)
      .execute();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ total: 9, rank: 1, reached: 1 });
  });
});
