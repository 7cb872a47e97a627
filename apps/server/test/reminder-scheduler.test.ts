/**
 * The reminders' scheduler (docs/product.md, "Reminders"; decision 020): it ticks on its interval,
 * one tick at a time, and stops cleanly; two API processes on one database, ticking at the same
 * moment, send each due reminder once (on SQLite and, with TEST_DATABASE_URL, PostgreSQL), to a real
 * push service on loopback.
 */
import type { ReminderSettings } from '@pushup/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReminderScheduler, type Tickable } from '../src/services/reminders/reminder-scheduler';
import {
  createTwoProcesses,
  engines,
  registeredAccount,
  type TestServer,
  type TwoProcesses,
} from './helpers';
import { deviceBody, type PushService, startPushService } from './push-service';
import { body, call, EXPECTED_PAYLOAD, manualClock, report } from './reminders-helpers';

describe.each(engines)('two API processes sending reminders from one %s database', (engine) => {
  let processes: TwoProcesses;
  let first: TestServer;
  let second: TestServer;
  let push: PushService;
  const clock = manualClock('2025-07-01T06:00:00Z');

  beforeAll(async () => {
    push = await startPushService();
    // Same DATA_DIR, so the same VAPID keys: a push service accepts either process's signature.
    processes = await createTwoProcesses(engine, { clock: clock.now });
    ({ first, second } = processes);
  });
  afterAll(async () => {
    await processes?.close();
    await push?.close();
  });

  it('ticking at the same moment, they send each due reminder once', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const server = i % 2 === 0 ? first : second;
        const { account, profile } = await registeredAccount(server);
        const settings = body<ReminderSettings>(
          await call(server, account, 'PUT', '/api/reminders', {
            enabled: true,
            time: '09:15',
            weekdays: [2],
          }),
          200,
        );
        const subscription = await push.subscribe(settings.vapidPublicKey as string);
        body(await call(server, account, 'POST', '/api/reminders/devices', deviceBody(subscription)), 201);
        return { uuid: profile.uuid, subscription };
      }),
    );
    // Tuesday 1 July 2025, 09:15 in Berlin, on both.
    clock.set('2025-07-01T07:15:10Z');
    const reports = await Promise.all(
      [first, second, first, second].map((s) => s.app.reminderScheduler.tick()),
    );
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    expect(reports.reduce((sum, r) => sum + r.pushes.delivered, 0)).toBe(12);
    for (const { subscription } of users) {
      expect(await push.received(subscription)).toEqual([JSON.stringify(EXPECTED_PAYLOAD)]);
    }
    const claims = await first.db.handle.db
      .selectFrom('reminder_sends')
      .select(['user_uuid', 'day'])
      .execute();
    expect(claims.map((c) => c.user_uuid).sort()).toEqual(users.map((u) => u.uuid).sort());
    expect(new Set(claims.map((c) => c.day))).toEqual(new Set(['2025-07-01']));
    // Both moved every reminder to next Tuesday.
    const due = await second.db.handle.db.selectFrom('reminders').select('next_due_at').execute();
    expect(new Set(due.map((r) => r.next_due_at))).toEqual(new Set(['2025-07-08T07:15:00.000Z']));
  });
});

describe('the scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks on its interval, one tick at a time, and stop() waits for the tick that runs', async () => {
    // The scheduler's interval and the ticks' 40 ms on fake timers the test moves.
    vi.useFakeTimers();
    const events: string[] = [];
    let running = 0;
    let overlapped = false;
    const service: Tickable = {
      async tick() {
        if (running > 0) overlapped = true;
        running += 1;
        events.push('tick');
        await new Promise((resolve) => setTimeout(resolve, 40));
        running -= 1;
        events.push('done');
        return report({});
      },
    };
    const quiet = { info() {}, warn() {}, error() {} };
    const scheduler = new ReminderScheduler(service, 10, quiet);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(130);
    const ticks = events.filter((e) => e === 'tick').length;
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    // A tick runs now (each takes 40 ms of the 10 ms interval): stop() returns once it is done.
    expect(events.at(-1)).toBe('tick');
    const stopped = scheduler.stop().then(() => events.push('stopped'));
    await vi.advanceTimersByTimeAsync(40);
    await stopped;
    expect(events.slice(-2)).toEqual(['done', 'stopped']);
    // None came after.
    await vi.advanceTimersByTimeAsync(60);
    expect(events.at(-1)).toBe('stopped');
    // Interval 0: never ticks by itself.
    const idle = new ReminderScheduler(service, 0, quiet);
    idle.start();
    await vi.advanceTimersByTimeAsync(30);
    expect(events.at(-1)).toBe('stopped');
    await idle.stop();
  });
});
