/**
 * The group challenges' calls (docs/product.md, "Group challenges, cheers and the feed"), on SQLite
 * (and PostgreSQL in the full tier, docs/testing.md "Engines"): what creating accepts and who may,
 * the group's lists, a leave and a rejoin, a member who joined after the start, deleting, the
 * dashboard's running ones, and the pushes of a start and an end.
 */
import {
  type ChallengePage,
  exportDocumentSchema,
  type FeedPage,
  MESSAGES,
  type MyChallenges,
  type ReminderSettings,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTimeToInstant } from '../src/services/shared/local-time';
import { AUCKLAND, challengesHarness, LOS_ANGELES } from './challenges-helpers';
import { expectError } from './groups-helpers';
import { createTestServer, ruleEngines, type TestServer } from './helpers';
import { deviceBody, type PushService, startPushService } from './push-service';
import { manualClock } from './reminders-helpers';

describe.each(ruleEngines)('challenge calls on %s', (engine) => {
  let server: TestServer;
  let push: PushService;
  const clock = manualClock(new Date().toISOString());
  const h = challengesHarness(() => server, clock);

  beforeAll(async () => {
    [server, push] = await Promise.all([createTestServer(engine, { clock: clock.now }), startPushService()]);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  const create = (who: Parameters<typeof h.call>[0], groupId: string, body: Record<string, unknown>) =>
    h.call(who, 'POST', `/api/groups/${groupId}/challenges`, { name: 'Push week', kind: 'race', ...body });

  it('checks what a challenge is: its name, kind, target, days, and a start not before yesterday in the creator’s zone', async () => {
    const [admin] = await h.people(1);
    h.zones.set(admin.uuid, LOS_ANGELES);
    const group = await h.groupWith(admin, []);
    h.backInTime(0);
    const la = new Date(clock.now()).toLocaleDateString('en-CA', { timeZone: LOS_ANGELES });
    const days = { startDay: la, endDay: h.addDays(la, 6) };
    const refused = async (body: Record<string, unknown>, message: string) =>
      expectError(await create(admin, group.id, body), 400, 'VALIDATION_ERROR', message);
    await refused({ ...days, name: 'ab' }, MESSAGES.challengeNameInvalid);
    await refused({ ...days, name: 'x'.repeat(41) }, MESSAGES.challengeNameInvalid);
    await refused({ ...days, kind: 'relay' }, MESSAGES.challengeKindInvalid);
    await refused({ ...days, kind: 'everyone' }, MESSAGES.challengeTargetMissing);
    await refused({ ...days, kind: 'race', target: 100 }, MESSAGES.challengeTargetMissing);
    await refused({ ...days, kind: 'together', target: 0 }, MESSAGES.challengeTargetInvalid);
    await refused({ ...days, minPerDay: 0 }, MESSAGES.challengeMinPerDayInvalid);
    await refused({ startDay: la, endDay: h.addDays(la, -1) }, MESSAGES.challengeEndBeforeStart);
    await refused({ startDay: la, endDay: h.addDays(la, 366) }, MESSAGES.challengeTooLong);
    await refused({ startDay: h.addDays(la, -2), endDay: la }, MESSAGES.challengeStartTooEarly);
    // 366 days in all, from yesterday in Los Angeles (whatever day it is in UTC).
    const made = h.body<ChallengePage>(
      await create(admin, group.id, {
        startDay: h.addDays(la, -1),
        endDay: h.addDays(la, 364),
        kind: 'together',
        target: 5000,
      }),
      201,
    );
    expect(made).toMatchObject({
      status: 'running',
      joined: true,
      participantCount: 1,
      daysLeft: 365,
      target: 5000,
    });
  });

  it('lets members create only when an admin allows it, and lists upcoming, running and finished ones', async () => {
    const [admin, member] = await h.people(2);
    const group = await h.groupWith(admin, [member]);
    const today = h.backInTime(0);
    expectError(
      await create(member, group.id, { startDay: today, endDay: today }),
      403,
      'FORBIDDEN',
      MESSAGES.challengeCreateAdminsOnly,
    );
    expectError(
      await h.call(member, 'PATCH', `/api/groups/${group.id}/challenge-settings`, {
        membersMayCreateChallenges: true,
      }),
      403,
      'FORBIDDEN',
      MESSAGES.serverAdminsOnly,
    );
    h.body(
      await h.call(admin, 'PATCH', `/api/groups/${group.id}/challenge-settings`, {
        membersMayCreateChallenges: true,
      }),
      200,
    );
    const running = h.body<ChallengePage>(
      await create(member, group.id, { startDay: today, endDay: today }),
      201,
    );
    const upcoming = await h.createChallenge(admin, group.id, {
      startDay: h.addDays(today, 3),
      endDay: h.addDays(today, 9),
    });
    const start = h.backInTime(20);
    const finished = await h.createChallenge(admin, group.id, { startDay: start, endDay: start });
    clock.set(new Date().toISOString());
    const lists = await h.list(member, group.id);
    expect(lists).toMatchObject({ membersMayCreateChallenges: true, canCreate: true });
    expect(lists.upcoming.map((c) => c.id)).toEqual([upcoming.id]);
    expect(lists.running.map((c) => c.id)).toEqual([running.id]);
    expect(lists.finished.map((c) => c.id)).toEqual([finished.id]);
    expect(lists.running[0]).toMatchObject({ joined: true, createdBy: { uuid: member.uuid } });
    expect(lists.upcoming[0]).toMatchObject({ joined: false, participantCount: 1 });
  });

  it('takes a participant who leaves the group out of its running challenges; back in, they join again with every day counted', async () => {
    const [admin, runner] = await h.people(2);
    const group = await h.groupWith(admin, [runner]);
    const start = h.backInTime(3);
    const created = await h.createChallenge(admin, group.id, {
      startDay: start,
      endDay: h.addDays(start, 10),
    });
    await h.join(runner, group.id, created.id);
    await h.logAt(runner, 25, start);
    expect((await h.call(runner, 'DELETE', `/api/groups/${group.id}/members`)).statusCode).toBe(204);
    expect((await h.page(admin, group.id, created.id)).participants.map((p) => p.person.uuid)).toEqual([
      admin.uuid,
    ]);
    expectError(
      await h.call(runner, 'GET', `/api/groups/${group.id}/challenges/${created.id}`),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );

    const invite = await h.createInvite(admin, group.id);
    await h.acceptInvite(runner, invite.code);
    expect((await h.list(runner, group.id)).running[0]).toMatchObject({ id: created.id, joined: false });
    await h.join(runner, group.id, created.id);
    await h.join(runner, group.id, created.id);
    const view = await h.page(runner, group.id, created.id);
    expect(view.participants.find((p) => p.isCurrentUser)).toMatchObject({ total: 25, rank: 1 });
    // One line for their joining, however often they joined.
    const feed = h.body<FeedPage>(await h.call(admin, 'GET', `/api/groups/${group.id}/feed`), 200);
    expect(feed.lines.filter((line) => line.kind === 'challenge-joined')).toHaveLength(1);
  });

  it('lets a member who joined the group after the start see and join the challenge, their earlier days counted', async () => {
    const [admin, late] = await h.people(2);
    h.zones.set(late.uuid, AUCKLAND);
    const group = await h.groupWith(admin, []);
    const start = h.backInTime(5);
    const created = await h.createChallenge(admin, group.id, {
      startDay: start,
      endDay: h.addDays(start, 10),
    });
    clock.set(new Date().toISOString());
    await h.acceptInvite(late, (await h.createInvite(admin, group.id)).code);
    await h.logAt(late, 9, h.addDays(start, 1));
    expect((await h.page(late, group.id, created.id)).participants).toHaveLength(1);
    await h.join(late, group.id, created.id);
    const view = await h.page(late, group.id, created.id);
    expect(view.participants.find((p) => p.isCurrentUser)).toMatchObject({ total: 9, rank: 1 });
    // Auckland's end day ends first, the creator's (UTC) last: the window keeps the latest.
    const row = await server.db.handle.db
      .selectFrom('challenges')
      .select(['ends_at', 'starts_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.ends_at).toBe(localTimeToInstant(h.addDays(start, 11), '00:00', 'UTC').toISOString());
    expect(row.starts_at).toBe(localTimeToInstant(start, '00:00', AUCKLAND).toISOString());
  });

  it('deletes for an admin at any time, for its creator only before the start', async () => {
    const [admin, member] = await h.people(2);
    const group = await h.groupWith(admin, [member]);
    h.body(
      await h.call(admin, 'PATCH', `/api/groups/${group.id}/challenge-settings`, {
        membersMayCreateChallenges: true,
      }),
      200,
    );
    const today = h.backInTime(0);
    const later = h.body<ChallengePage>(
      await create(member, group.id, { startDay: h.addDays(today, 2), endDay: h.addDays(today, 3) }),
      201,
    );
    const now = h.body<ChallengePage>(
      await create(member, group.id, { startDay: today, endDay: today }),
      201,
    );
    expectError(
      await h.call(member, 'DELETE', `/api/groups/${group.id}/challenges/${now.id}`),
      403,
      'FORBIDDEN',
      MESSAGES.challengeDeleteNotAllowed,
    );
    expect(
      (await h.call(member, 'DELETE', `/api/groups/${group.id}/challenges/${later.id}`)).statusCode,
    ).toBe(204);
    expect((await h.call(admin, 'DELETE', `/api/groups/${group.id}/challenges/${now.id}`)).statusCode).toBe(
      204,
    );
    expectError(
      await h.call(admin, 'GET', `/api/groups/${group.id}/challenges/${now.id}`),
      404,
      'NOT_FOUND',
      MESSAGES.challengeNotFound,
    );
    // The feed keeps the line of its creation, with its name and no link.
    const feed = h.body<FeedPage>(await h.call(admin, 'GET', `/api/groups/${group.id}/feed`), 200);
    expect(
      feed.lines.filter((line) => line.kind === 'challenge-created').map((line) => line.challenge),
    ).toEqual([
      { id: null, name: 'Push week' },
      { id: null, name: 'Push week' },
    ]);
  });

  it('lists the caller’s running challenges across groups with their total and rank', async () => {
    const [admin, runner] = await h.people(2);
    const first = await h.groupWith(admin, [runner]);
    const second = await h.groupWith(admin, [runner]);
    const today = h.backInTime(0);
    const a = await h.createChallenge(admin, first.id, { startDay: today, endDay: h.addDays(today, 2) });
    const b = await h.createChallenge(admin, second.id, {
      startDay: today,
      endDay: h.addDays(today, 4),
      kind: 'everyone',
      target: 50,
    });
    await h.createChallenge(admin, second.id, { startDay: h.addDays(today, 1), endDay: h.addDays(today, 4) });
    await h.join(runner, first.id, a.id);
    await h.join(runner, second.id, b.id);
    await h.logAt(runner, 7, today, '00:01');
    const mine = h.body<MyChallenges>(await h.call(runner, 'GET', '/api/challenges/running'), 200);
    expect(mine.map((c) => [c.id, c.myTotal, c.myRank, c.daysLeft]).sort()).toEqual(
      [
        [a.id, 7, 1, 3],
        [b.id, 7, 1, 5],
      ].sort(),
    );
  });

  it('exports the caller’s challenges with their fixed place, and the cheers they gave and received', async () => {
    const [admin, runner] = await h.people(2);
    const group = await h.groupWith(admin, [runner]);
    const start = h.backInTime(10);
    const created = await h.createChallenge(admin, group.id, {
      name: 'Exported',
      startDay: start,
      endDay: start,
    });
    await h.join(runner, group.id, created.id);
    await h.logAt(runner, 12, start);
    clock.set(new Date().toISOString());
    const today = h.backInTime(0);
    expect(
      (await h.call(admin, 'PUT', `/api/groups/${group.id}/members/${runner.uuid}/cheers/${today}`))
        .statusCode,
    ).toBe(204);
    await h.page(runner, group.id, created.id);
    const reply = await h.call(runner, 'GET', '/api/users/me/export');
    expect(reply.statusCode, reply.body).toBe(200);
    const doc = exportDocumentSchema.parse(JSON.parse(reply.body));
    expect(doc.challenges).toEqual([
      expect.objectContaining({
        challengeId: created.id,
        name: 'Exported',
        result: { total: 12, rank: 1, reached: true },
      }),
    ]);
    expect(doc.cheers).toEqual({
      pushOnCheer: false,
      given: [],
      received: [{ from: admin.uuid, day: today, at: expect.any(String) }],
    });
  });

  it('pushes a challenge’s start and end once to the participants whose reminder is on', async () => {
    const [admin, reminded, quiet] = await h.people(3);
    const group = await h.groupWith(admin, [reminded, quiet]);
    const settings = h.body<ReminderSettings>(
      await h.call(reminded, 'PUT', '/api/reminders', {
        enabled: true,
        time: '18:00',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      }),
      200,
    );
    const subscription = await push.subscribe(settings.vapidPublicKey as string);
    h.body(await h.call(reminded, 'POST', '/api/reminders/devices', deviceBody(subscription)), 201);
    const quietSubscription = await push.subscribe(settings.vapidPublicKey as string);
    h.body(await h.call(quiet, 'POST', '/api/reminders/devices', deviceBody(quietSubscription)), 201);

    const today = h.backInTime(0);
    const created = await h.createChallenge(admin, group.id, {
      name: 'Morning race',
      startDay: h.addDays(today, 1),
      endDay: h.addDays(today, 1),
    });
    await h.join(reminded, group.id, created.id);
    await h.join(quiet, group.id, created.id);
    await server.app.reminderScheduler.tick();
    expect(await push.received(subscription)).toEqual([]);

    clock.set(localTimeToInstant(h.addDays(today, 1), '00:00', 'UTC').toISOString());
    await server.app.reminderScheduler.tick();
    await server.app.reminderScheduler.tick();
    clock.set(localTimeToInstant(h.addDays(today, 2), '00:00', 'UTC').toISOString());
    await server.app.reminderScheduler.tick();
    await server.app.reminderScheduler.tick();
    const received = (await push.received(subscription)).map((text) => JSON.parse(text));
    expect(received).toEqual([
      {
        title: MESSAGES.challengeStartedTitle,
        body: 'Morning race',
        url: `/groups/${group.id}`,
        tag: 'challenge-start',
      },
      {
        title: MESSAGES.challengeEndedTitle,
        body: 'Morning race',
        url: `/groups/${group.id}`,
        tag: 'challenge-end',
      },
    ]);
    expect(await push.received(quietSubscription)).toEqual([]);
  });
});
