/**
 * Daily reminders by Web Push (docs/product.md, "Reminders"; decision 020), on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines"): through the API, a tick of the scheduler
 * on a clock the test moves, and a real push service on loopback (web-push-testing) that checks the
 * VAPID signature, decrypts what it receives and tells the test.
 */
import { ECDH, randomBytes, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type PlanSettings,
  type ReminderDevice,
  type ReminderSettings,
  reminderPayloadSchema,
  SHARED_TEXTS_EN,
  sessionAt,
  startProgress,
  type UserSettings,
} from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from './groups-helpers';
import {
  createTestServer,
  registeredAccount,
  ruleEngines,
  type TestAccount,
  type TestServer,
} from './helpers';
import {
  closedPort,
  deviceBody,
  type PushService,
  type Subscription,
  startPushService,
  startStubPushService,
} from './push-service';
import { body, call, EXPECTED_PAYLOAD, manualClock, report } from './reminders-helpers';

/** A P-256 public key (base64url, uncompressed) with its last byte changed: no longer on the curve. */
function offCurve(p256dh: string): string {
  const bytes = Buffer.from(p256dh, 'base64url');
  bytes[64] = (bytes[64] as number) ^ 1;
  return bytes.toString('base64url');
}

/** The same point in its compressed form (33 bytes), which Web Push does not use. */
function compressed(p256dh: string): string {
  return (
    ECDH.convertKey(
      Buffer.from(p256dh, 'base64url'),
      'prime256v1',
      undefined,
      undefined,
      'compressed',
    ) as Buffer
  ).toString('base64url');
}

/** The German reminder without a streak: its title alone. */
const MESSAGES_DE_TITLE = SHARED_TEXTS_DE.reminderText(0);

describe.each(ruleEngines)('daily reminders on %s', (engine) => {
  let server: TestServer;
  let push: PushService;
  // Tuesday 10 June 2025, 10:00 UTC (12:00 in Berlin).
  const clock = manualClock('2025-06-10T10:00:00Z');

  beforeAll(async () => {
    [server, push] = await Promise.all([createTestServer(engine, { clock: clock.now }), startPushService()]);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });
  // Each test's users only: the reminders of earlier tests are off.
  beforeEach(async () => {
    await server.db.handle.db.updateTable('reminders').set({ next_due_at: null }).execute();
  });

  /** A registered user reminded at `time` in Berlin every day, with `devices` subscribed browsers. */
  async function remindedUser(time = '18:00', devices = 1) {
    const { account, profile } = await registeredAccount(server);
    const settings = body<ReminderSettings>(
      await call(server, account, 'PUT', '/api/reminders', {
        enabled: true,
        time,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      }),
      200,
    );
    const subscriptions: Subscription[] = [];
    const ids: string[] = [];
    for (let i = 0; i < devices; i++) {
      const subscription = await push.subscribe(settings.vapidPublicKey as string);
      subscriptions.push(subscription);
      ids.push(
        body<ReminderDevice>(
          await call(server, account, 'POST', '/api/reminders/devices', deviceBody(subscription)),
          201,
        ).deviceId,
      );
    }
    return { account, uuid: profile.uuid, subscriptions, ids };
  }

  async function nextDueOf(userUuid: string): Promise<string | null | undefined> {
    const row = await server.db.handle.db
      .selectFrom('reminders')
      .select('next_due_at')
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.next_due_at;
  }

  it('answers the defaults before anything is saved: off, 18:00, every day, the caller’s zone', async () => {
    const { account, profile } = await registeredAccount(server);
    const settings = body<ReminderSettings>(
      await call(server, account, 'GET', '/api/reminders', undefined, 'america/new_york'),
      200,
    );
    expect(settings).toEqual({
      enabled: false,
      time: '18:00',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      timeZone: 'America/New_York',
      vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      devices: 0,
    });
    // Reading the defaults wrote nothing.
    const rows = await server.db.handle.db.selectFrom('reminders').selectAll().execute();
    expect(rows.filter((row) => row.user_uuid === profile.uuid)).toEqual([]);
  });

  it('saves the settings in the zone of X-Timezone and keeps when the reminder is next due', async () => {
    const { account, profile } = await registeredAccount(server);
    const saved = body<ReminderSettings>(
      await call(
        server,
        account,
        'PUT',
        '/api/reminders',
        { enabled: true, time: '07:30', weekdays: [5, 1, 3] },
        'Pacific/Auckland',
      ),
      200,
    );
    expect(saved).toMatchObject({
      enabled: true,
      time: '07:30',
      weekdays: [1, 3, 5],
      timeZone: 'Pacific/Auckland',
    });
    // Read in another zone: the saved zone stays.
    const read = body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200);
    expect(read).toEqual(saved);
    // Now is Tuesday 22:00 in Auckland: next is Wednesday 07:30 NZST (UTC+12), Tuesday 19:30 UTC.
    expect(await nextDueOf(profile.uuid)).toBe('2025-06-10T19:30:00.000Z');
    // Off: never due.
    body(
      await call(server, account, 'PUT', '/api/reminders', { enabled: false, time: '07:30', weekdays: [1] }),
      200,
    );
    expect(await nextDueOf(profile.uuid)).toBeNull();
  });

  it('sends a due reminder once, to every device, with the exact payload, and moves it to the next day', async () => {
    const user = await remindedUser('18:00', 2);
    // 17:59 in Berlin: not yet.
    clock.set('2025-06-10T15:59:00Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(report({}));
    for (const subscription of user.subscriptions) expect(await push.received(subscription)).toEqual([]);

    clock.set('2025-06-10T16:00:20Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 1, sent: 1, pushes: { delivered: 2 } }),
    );
    for (const subscription of user.subscriptions) {
      const messages = await push.received(subscription);
      expect(messages).toHaveLength(1);
      const payload = JSON.parse(messages[0] as string);
      expect(payload).toEqual(EXPECTED_PAYLOAD);
      expect(reminderPayloadSchema.parse(payload)).toEqual(payload);
    }
    expect(await nextDueOf(user.uuid)).toBe('2025-06-11T16:00:00.000Z');

    // The same moment again, and later that day: nothing more.
    expect(await server.app.reminderScheduler.tick()).toEqual(report({}));
    clock.set('2025-06-10T21:00:00Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(report({}));
    for (const subscription of user.subscriptions) expect(await push.received(subscription)).toHaveLength(1);

    // The next day it comes again.
    clock.set('2025-06-11T16:00:05Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 1, sent: 1, pushes: { delivered: 2 } }),
    );
    for (const subscription of user.subscriptions) expect(await push.received(subscription)).toHaveLength(2);
  });

  it('skips (and moves on) a user who already logged that day, and reminds one who did not', async () => {
    clock.set('2025-06-12T08:00:00Z');
    const logged = await remindedUser('19:00');
    const idle = await remindedUser('19:00');
    // 09:00 in Berlin on Thursday 12 June.
    body(
      await call(server, logged.account, 'POST', '/api/pushups', { count: 5, date: '2025-06-12T07:00:00Z' }),
      201,
    );

    clock.set('2025-06-12T17:00:30Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 2, sent: 1, skipped: { logged: 1 }, pushes: { delivered: 1 } }),
    );
    expect(await push.received(logged.subscriptions[0] as Subscription)).toEqual([]);
    expect(await push.received(idle.subscriptions[0] as Subscription)).toEqual([
      JSON.stringify(EXPECTED_PAYLOAD),
    ]);
    expect(await nextDueOf(logged.uuid)).toBe('2025-06-13T17:00:00.000Z');

    // An entry of the day before, logged in the user's zone, does not count for this day.
    clock.set('2025-06-13T08:00:00Z');
    body(
      await call(server, logged.account, 'POST', '/api/pushups', { count: 5, date: '2025-06-12T21:30:00Z' }),
      201,
    );
    clock.set('2025-06-13T17:00:30Z');
    expect(await server.app.reminderScheduler.tick()).toMatchObject({ due: 2, sent: 2 });
    // The reminder names the streak that today would keep: 12 June, in Berlin's calendar.
    expect(await push.received(logged.subscriptions[0] as Subscription)).toEqual([
      JSON.stringify({ ...EXPECTED_PAYLOAD, body: 'Time for your push-ups: 1-day streak' }),
    ]);
  });

  it('skips a user with no device, and a reminder found more than an hour late, and moves both on', async () => {
    clock.set('2025-06-14T08:00:00Z');
    const noDevice = await remindedUser('20:00', 0);
    const late = await remindedUser('20:00');
    clock.set('2025-06-14T18:00:01Z');
    // Only the first: the other is looked at again later, as if this process had been down.
    await server.db.handle.db
      .updateTable('reminders')
      .set({ next_due_at: '2025-06-14T16:30:00.000Z' })
      .where('user_uuid', '=', late.uuid)
      .execute();
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 2, skipped: { noDevice: 1, late: 1 } }),
    );
    expect(await push.received(late.subscriptions[0] as Subscription)).toEqual([]);
    expect(await nextDueOf(noDevice.uuid)).toBe('2025-06-15T18:00:00.000Z');
    expect(await nextDueOf(late.uuid)).toBe('2025-06-15T18:00:00.000Z');
  });

  it('forgets a device its push service answers 410 for, and still reaches the others', async () => {
    clock.set('2025-06-16T08:00:00Z');
    const user = await remindedUser('18:30', 2);
    const [gone, kept] = user.subscriptions as [Subscription, Subscription];
    await push.expire(gone);
    clock.set('2025-06-16T16:30:00Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 1, sent: 1, pushes: { delivered: 1, gone: 1 } }),
    );
    expect(await push.received(kept)).toEqual([JSON.stringify(EXPECTED_PAYLOAD)]);
    const devices = await server.db.handle.db
      .selectFrom('reminder_devices')
      .select(['id', 'endpoint'])
      .where('user_uuid', '=', user.uuid)
      .execute();
    expect(devices).toEqual([{ id: user.ids[1], endpoint: kept.endpoint }]);
    expect(
      body<ReminderSettings>(await call(server, user.account, 'GET', '/api/reminders'), 200).devices,
    ).toBe(1);
  });

  it('sends a test reminder now, whatever the settings; 404 without a device; a gone device is forgotten after the answer', async () => {
    const { account } = await registeredAccount(server);
    expectError(
      await call(server, account, 'POST', '/api/reminders/test'),
      404,
      'NOT_FOUND',
      MESSAGES.noReminderDevices,
    );
    const settings = body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200);
    const subscription = await push.subscribe(settings.vapidPublicKey as string);
    body(await call(server, account, 'POST', '/api/reminders/devices', deviceBody(subscription)), 201);
    const sent = await call(server, account, 'POST', '/api/reminders/test');
    expect([sent.statusCode, sent.body]).toEqual([204, '']);
    await expect.poll(() => push.received(subscription)).toEqual([JSON.stringify(EXPECTED_PAYLOAD)]);

    // The push service no longer knows it: the answer is the same, and the device goes afterwards.
    await push.expire(subscription);
    const gone = await call(server, account, 'POST', '/api/reminders/test');
    expect([gone.statusCode, gone.body]).toEqual([204, '']);
    await expect
      .poll(
        async () => body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200).devices,
      )
      .toBe(0);
    expectError(
      await call(server, account, 'POST', '/api/reminders/test'),
      404,
      'NOT_FOUND',
      MESSAGES.noReminderDevices,
    );
  });

  it('answers a test send alike whatever the push service did: delivered, gone, failed, silent or closed', async () => {
    const stub = await startStubPushService();
    try {
      const key = body<ReminderSettings>(
        await call(server, (await registeredAccount(server)).account, 'GET', '/api/reminders'),
        200,
      ).vapidPublicKey as string;
      const delivered = await push.subscribe(key);
      const expired = await push.subscribe(key);
      await push.expire(expired);
      // Real keys of a browser, at endpoints that answer otherwise.
      const { keys } = await push.subscribe(key);
      const endpoints = {
        delivered: delivered.endpoint,
        gone410: expired.endpoint,
        gone404: `${stub.url}/404/a`,
        failed500: `${stub.url}/500/a`,
        silent: `${stub.url}/hang/a`,
        closed: `http://127.0.0.1:${await closedPort()}/send/a`,
      };
      const users: Record<string, TestAccount> = {};
      const answers: Record<string, unknown> = {};
      const times: number[] = [];
      for (const [kind, endpoint] of Object.entries(endpoints)) {
        const { account } = await registeredAccount(server);
        users[kind] = account;
        const own = { delivered, gone410: expired }[kind];
        body(
          await call(server, account, 'POST', '/api/reminders/devices', {
            endpoint,
            keys: own?.keys ?? keys,
          }),
          201,
        );
        const started = performance.now();
        const answer = await call(server, account, 'POST', '/api/reminders/test');
        times.push(performance.now() - started);
        answers[kind] = {
          status: answer.statusCode,
          body: answer.body,
          type: answer.headers['content-type'],
        };
      }
      // One answer for all, given before the push service is heard from (the silent one never is).
      for (const kind of Object.keys(endpoints)) {
        expect(answers[kind], kind).toEqual({ status: 204, body: '', type: undefined });
      }
      expect(Math.max(...times)).toBeLessThan(1_000);

      // The pushes did go out, and what each endpoint said is acted on afterwards.
      await expect.poll(() => push.received(delivered)).toEqual([JSON.stringify(EXPECTED_PAYLOAD)]);
      await expect.poll(() => [...stub.requests].sort()).toEqual(['/404/a', '/500/a', '/hang/a']);
      const devicesOf = async (kind: string) =>
        body<ReminderSettings>(await call(server, users[kind] as TestAccount, 'GET', '/api/reminders'), 200)
          .devices;
      for (const kind of ['gone410', 'gone404'])
        await expect.poll(() => devicesOf(kind), { message: kind }).toBe(0);
      for (const kind of ['delivered', 'failed500', 'silent', 'closed'])
        expect(await devicesOf(kind), kind).toBe(1);
    } finally {
      // Lets the silent push end (its connection closed), so the server's close does not wait for it.
      await stub.close();
    }
  });

  it('keeps one device per endpoint: the same again is the same device, another user takes it over', async () => {
    const first = await registeredAccount(server);
    const second = await registeredAccount(server);
    const key = body<ReminderSettings>(await call(server, first.account, 'GET', '/api/reminders'), 200)
      .vapidPublicKey as string;
    const subscription = await push.subscribe(key);
    const { deviceId } = body<ReminderDevice>(
      await call(server, first.account, 'POST', '/api/reminders/devices', deviceBody(subscription)),
      201,
    );
    expect(
      body<ReminderDevice>(
        await call(server, first.account, 'POST', '/api/reminders/devices', deviceBody(subscription)),
        201,
      ),
    ).toEqual({ deviceId });
    // Someone else signs in on the same browser: the device is theirs now.
    expect(
      body<ReminderDevice>(
        await call(server, second.account, 'POST', '/api/reminders/devices', deviceBody(subscription)),
        201,
      ),
    ).toEqual({ deviceId });
    const count = async (who: TestAccount) =>
      body<ReminderSettings>(await call(server, who, 'GET', '/api/reminders'), 200).devices;
    expect([await count(first.account), await count(second.account)]).toEqual([0, 1]);
    // The former owner can no longer remove it; the new one can.
    expectError(
      await call(server, first.account, 'DELETE', `/api/reminders/devices/${deviceId}`),
      404,
      'NOT_FOUND',
      MESSAGES.reminderDeviceNotFound,
    );
    expect(
      (await call(server, second.account, 'DELETE', `/api/reminders/devices/${deviceId}`)).statusCode,
    ).toBe(204);
    expect(await count(second.account)).toBe(0);
  });

  it('refuses a subscription a push could not use, with the subscription message', async () => {
    const { account } = await registeredAccount(server);
    const key = body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200)
      .vapidPublicKey as string;
    const good = deviceBody(await push.subscribe(key));
    for (const bad of [
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'https://push.example.com/ä' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -2)}!!` } },
      { ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } },
      // Not a point of P-256: the last byte of a real key changed, and the point (0, 0).
      { ...good, keys: { ...good.keys, p256dh: offCurve(good.keys.p256dh) } },
      {
        ...good,
        keys: { ...good.keys, p256dh: Buffer.concat([Buffer.of(4), Buffer.alloc(64)]).toString('base64url') },
      },
      // A compressed point (33 bytes) and an auth secret of more than 16 bytes.
      { ...good, keys: { ...good.keys, p256dh: compressed(good.keys.p256dh) } },
      { ...good, keys: { ...good.keys, auth: randomBytes(17).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: randomBytes(32).toString('base64url') } },
    ]) {
      expectError(
        await call(server, account, 'POST', '/api/reminders/devices', bad),
        400,
        'VALIDATION_ERROR',
        MESSAGES.pushSubscriptionInvalid,
      );
    }
    expect(body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200).devices).toBe(0);
  });

  it('speaks the user’s language: German to a user who chose German, English otherwise', async () => {
    clock.set('2025-06-18T08:00:00Z');
    const german = await remindedUser('18:00');
    const english = await remindedUser('18:00');
    const unchosen = await remindedUser('18:00');
    for (const [user, language] of [
      [german, 'de'],
      [english, 'en'],
    ] as const) {
      expect(
        body<UserSettings>(
          await call(server, user.account, 'PATCH', '/api/users/settings', { language }),
          200,
        ),
      ).toMatchObject({ language });
    }
    // Yesterday in Berlin: a 1-day streak that today would keep.
    body(
      await call(server, german.account, 'POST', '/api/pushups', { count: 5, date: '2025-06-17T10:00:00Z' }),
      201,
    );

    clock.set('2025-06-18T16:00:10Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 3, sent: 3, pushes: { delivered: 3 } }),
    );
    const germanText = 'Zeit für deine Liegestütze – halte deine Serie von 1 Tag!';
    expect(SHARED_TEXTS_DE.reminderText(1)).toBe(germanText);
    expect(await push.received(german.subscriptions[0] as Subscription)).toEqual([
      JSON.stringify({ ...EXPECTED_PAYLOAD, body: germanText }),
    ]);
    expect(await push.received(english.subscriptions[0] as Subscription)).toEqual([
      JSON.stringify(EXPECTED_PAYLOAD),
    ]);
    expect(await push.received(unchosen.subscriptions[0] as Subscription)).toEqual([
      JSON.stringify(EXPECTED_PAYLOAD),
    ]);

    // The test send too; and a switch back to English is heard at once. (A test send goes out after
    // its answer: each is awaited at the push service, so the two arrive in order.)
    const bodiesReceived = async () =>
      (await push.received(german.subscriptions[0] as Subscription))
        .slice(1)
        .map((text) => JSON.parse(text).body);
    expect((await call(server, german.account, 'POST', '/api/reminders/test')).statusCode).toBe(204);
    await expect.poll(bodiesReceived).toEqual([germanText]);
    body(await call(server, german.account, 'PATCH', '/api/users/settings', { language: 'en' }), 200);
    expect((await call(server, german.account, 'POST', '/api/reminders/test')).statusCode).toBe(204);
    await expect.poll(bodiesReceived).toEqual([germanText, 'Time for your push-ups: 1-day streak']);
  });

  it('names today’s workout on a training day of the user’s plan, in their language', async () => {
    // Monday 16 June 2025: the hundred at level 1 on Monday, Wednesday and Friday, its first session done.
    const settings: PlanSettings = {
      planId: 'hundred',
      level: 1,
      startDay: '2025-06-16',
      weekdays: [1, 3, 5],
    };
    const session = sessionAt(settings, 1, 1);
    clock.set('2025-06-17T08:00:00Z');
    const german = await remindedUser('18:00');
    const english = await remindedUser('18:00');
    body(await call(server, german.account, 'PATCH', '/api/users/settings', { language: 'de' }), 200);
    for (const user of [german, english]) {
      await server.repos.plans.insertPlan({
        id: randomUUID(),
        user_uuid: user.uuid,
        status: 'active',
        settings: JSON.stringify(settings),
        progress: JSON.stringify({ ...startProgress(settings), position: 1 }),
        created_at: '2025-06-16T08:00:00.000Z',
        updated_at: '2025-06-16T08:00:00.000Z',
      });
    }
    const pushups = session.sets.reduce((sum, set) => sum + set.reps, 0);
    const received = async (user: typeof german) =>
      (await push.received(user.subscriptions[0] as Subscription)).map((text) => JSON.parse(text).body);

    // Tuesday is a rest day: the usual reminder.
    clock.set('2025-06-17T16:00:10Z');
    expect(await server.app.reminderScheduler.tick()).toMatchObject({ sent: 2 });
    // Wednesday is week 1, day 2.
    clock.set('2025-06-18T16:00:10Z');
    expect(await server.app.reminderScheduler.tick()).toMatchObject({ sent: 2 });
    const englishText = `Today: week 1, day 2 — ${session.sets.length} sets, ${pushups} push-ups`;
    expect(SHARED_TEXTS_EN.reminderWorkoutText(1, 2, session.sets.length, pushups)).toBe(englishText);
    expect(await received(english)).toEqual([EXPECTED_PAYLOAD.body, englishText]);
    expect(await received(german)).toEqual([
      MESSAGES_DE_TITLE,
      `Heute: Woche 1, Tag 2 – ${session.sets.length} Sätze, ${pushups} Liegestütze`,
    ]);
  });

  it('forgets the reminder, its devices and its sends with the account', async () => {
    clock.set('2025-06-17T08:00:00Z');
    const user = await remindedUser('18:00');
    clock.set('2025-06-17T16:00:00Z');
    expect(await server.app.reminderScheduler.tick()).toMatchObject({ sent: 1 });
    expect((await call(server, user.account, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    for (const table of ['reminders', 'reminder_devices', 'reminder_sends'] as const) {
      const rows = await server.db.handle.db
        .selectFrom(table)
        .select('user_uuid')
        .where('user_uuid', '=', user.uuid)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
