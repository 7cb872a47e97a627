/**
 * Cheers (docs/product.md, "Group challenges, cheers and the feed"), on SQLite (and PostgreSQL in
 * the full tier, docs/testing.md "Engines"): one per giver, member and day however many arrive at
 * once, taken back, listed for the cheered member, and pushed to them only when they asked for it.
 */
import { type Cheers, MESSAGES, type ReminderSettings } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengesHarness } from './challenges-helpers';
import { expectError } from './groups-helpers';
import { createTestServer, ruleEngines, type TestServer } from './helpers';
import { deviceBody, type PushService, startPushService } from './push-service';
import { manualClock } from './reminders-helpers';

describe.each(ruleEngines)('cheers on %s', (engine) => {
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

  const cheerUrl = (groupId: string, userId: string, day: string) =>
    `/api/groups/${groupId}/members/${userId}/cheers/${day}`;

  it('counts concurrent cheers of one day once, and a cheer taken back no more', async () => {
    const [admin, anna] = await h.people(2);
    const group = await h.groupWith(admin, [anna]);
    const today = h.backInTime(0);
    await h.logAt(anna, 20, today, '00:01');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => h.call(admin, 'PUT', cheerUrl(group.id, anna.uuid, today))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(204));
    const rows = await server.db.handle.db
      .selectFrom('cheers')
      .selectAll()
      .where('receiver_uuid', '=', anna.uuid)
      .execute();
    expect(rows).toHaveLength(1);
    let day = (await h.feed(admin, group.id)).lines.find((line) => line.kind === 'day');
    expect(day).toMatchObject({ cheers: 1, cheeredByMe: true });
    expect((await h.feed(anna, group.id)).lines.find((line) => line.kind === 'day')).toMatchObject({
      cheers: 1,
      cheeredByMe: false,
    });
    const received = h.body<Cheers>(await h.call(anna, 'GET', '/api/cheers'), 200);
    expect(received).toMatchObject({
      pushOnCheer: false,
      received: [{ from: { uuid: admin.uuid, username: admin.username }, day: today }],
    });

    expect((await h.call(admin, 'DELETE', cheerUrl(group.id, anna.uuid, today))).statusCode).toBe(204);
    day = (await h.feed(admin, group.id)).lines.find((line) => line.kind === 'day');
    expect(day).toMatchObject({ cheers: 0, cheeredByMe: false });
    expect(h.body<Cheers>(await h.call(anna, 'GET', '/api/cheers'), 200).received).toEqual([]);
  });

  it('refuses one’s own day, a day out of reach, a member of no group of the caller, and outsiders', async () => {
    const [admin, anna, outsider] = await h.people(3);
    const group = await h.groupWith(admin, [anna]);
    const today = h.backInTime(0);
    expectError(
      await h.call(anna, 'PUT', cheerUrl(group.id, anna.uuid, today)),
      400,
      'BAD_REQUEST',
      MESSAGES.cheerSelf,
    );
    expectError(
      await h.call(admin, 'PUT', cheerUrl(group.id, anna.uuid, h.addDays(today, -7))),
      400,
      'VALIDATION_ERROR',
      MESSAGES.cheerDayOutOfRange,
    );
    expectError(
      await h.call(admin, 'PUT', cheerUrl(group.id, outsider.uuid, today)),
      404,
      'NOT_FOUND',
      MESSAGES.serverMemberNotFound,
    );
    expectError(
      await h.call(outsider, 'PUT', cheerUrl(group.id, anna.uuid, today)),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );
  });

  it('pushes a cheer to the cheered member only when their setting is on (off by default)', async () => {
    const [admin, anna] = await h.people(2);
    const group = await h.groupWith(admin, [anna]);
    const today = h.backInTime(0);
    const settings = h.body<ReminderSettings>(await h.call(anna, 'GET', '/api/reminders'), 200);
    const subscription = await push.subscribe(settings.vapidPublicKey as string);
    h.body(await h.call(anna, 'POST', '/api/reminders/devices', deviceBody(subscription)), 201);

    expect((await h.call(admin, 'PUT', cheerUrl(group.id, anna.uuid, today))).statusCode).toBe(204);
    expect(
      h.body<Cheers>(await h.call(anna, 'PUT', '/api/cheers/settings', { pushOnCheer: true }), 200),
    ).toEqual({
      pushOnCheer: true,
    });
    expect((await h.call(admin, 'PUT', cheerUrl(group.id, anna.uuid, h.addDays(today, -1)))).statusCode).toBe(
      204,
    );
    // Again the same day: no second cheer, no second push.
    expect((await h.call(admin, 'PUT', cheerUrl(group.id, anna.uuid, h.addDays(today, -1)))).statusCode).toBe(
      204,
    );
    // The push goes out after the answer: wait for it, then a moment for any second one.
    let received: unknown[] = [];
    for (let i = 0; i < 100 && received.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      received = (await push.received(subscription)).map((text) => JSON.parse(text));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    received = (await push.received(subscription)).map((text) => JSON.parse(text));
    expect(received).toEqual([
      { title: MESSAGES.cheerTitle, body: `${admin.username} cheered your day`, url: '/', tag: 'cheer' },
    ]);
  });
});
