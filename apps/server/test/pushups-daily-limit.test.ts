import type { PushupEntry } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import {
  bearer,
  createTestServer,
  engines,
  registeredAccount,
  type TestAccount,
  type TestServer,
} from './helpers';

/** The plausibility limit on push-ups per user and day (docs/product.md, "Limits"), here set to 100. */
const LIMIT = 100;

describe.each(engines)('daily push-up limit on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(engine, { maxPushupsPerDay: LIMIT });
  });
  afterAll(async () => {
    await server?.close();
  });

  function call(account: TestAccount, method: 'POST' | 'PATCH', url: string, payload: object) {
    return server.app.inject({ method, url, headers: { ...bearer(account), 'x-timezone': 'UTC' }, payload });
  }

  type User = Awaited<ReturnType<typeof registeredAccount>>;

  /** The user's entries and running total as stored. */
  async function state({ account, profile }: User): Promise<{ entries: number; total: number }> {
    const list = await server.app.inject({ method: 'GET', url: '/api/pushups', headers: bearer(account) });
    return {
      entries: list.json<PushupEntry[]>().length,
      total: (await server.repos.pushups.totalOf(profile.uuid)) ?? 0,
    };
  }

  it('accepts a day up to the limit and refuses the push-up beyond it, writing nothing', async () => {
    const user = await registeredAccount(server);
    const { account } = user;
    const day = '2025-06-01T12:00:00Z';
    expect((await call(account, 'POST', '/api/pushups', { count: 60, date: day })).statusCode).toBe(201);
    expect((await call(account, 'POST', '/api/pushups', { count: 40, date: day })).statusCode).toBe(201);
    const before = await state(user);

    const refused = await call(account, 'POST', '/api/pushups', { count: 1, date: day });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'You can log at most 100 push-ups a day: 100 are already logged for 2025-06-01',
      code: 'VALIDATION_ERROR',
    });
    expect(await state(user)).toEqual(before);
    // Another day has its own limit.
    expect(
      (await call(account, 'POST', '/api/pushups', { count: 100, date: '2025-06-02T12:00:00Z' })).statusCode,
    ).toBe(201);
  });

  it('refuses an edit that raises a day over the limit or moves an entry into a full day; lowering is fine', async () => {
    const user = await registeredAccount(server);
    const { account } = user;
    const full = '2025-07-01T08:00:00Z';
    await call(account, 'POST', '/api/pushups', { count: 90, date: full });
    const entry = (
      await call(account, 'POST', '/api/pushups', { count: 10, date: full })
    ).json<PushupEntry>();
    const elsewhere = (
      await call(account, 'POST', '/api/pushups', { count: 30, date: '2025-07-02T08:00:00Z' })
    ).json<PushupEntry>();
    const before = await state(user);

    const raised = await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 11 });
    expect(raised.statusCode).toBe(400);
    expect(raised.json<{ message: string }>().message).toBe(
      'You can log at most 100 push-ups a day: 90 are already logged for 2025-07-01',
    );
    const moved = await call(account, 'PATCH', `/api/pushups/${elsewhere.uuid}`, { count: 30, date: full });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ message: string }>().message).toContain('100 are already logged for 2025-07-01');
    expect(await state(user)).toEqual(before);

    expect((await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 10 })).statusCode).toBe(200);
    expect((await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 4 })).statusCode).toBe(200);
    expect(
      (await call(account, 'PATCH', `/api/pushups/${elsewhere.uuid}`, { count: 6, date: full })).statusCode,
    ).toBe(200);
    expect((await state(user)).total).toBe(100);
  });

  it('lets exactly the limit through when one user logs many times at once', async () => {
    const user = await registeredAccount(server);
    const { account } = user;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(account, 'POST', '/api/pushups', { count: 10, date: '2025-08-01T10:00:00Z' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(15);
    expect(await state(user)).toEqual({ entries: 10, total: 100 });
  });
});

describe('MAX_PUSHUPS_PER_DAY', () => {
  it('defaults to 10,000 and must be a whole number from 1 to 1,000,000', () => {
    expect(loadConfig({}).maxPushupsPerDay).toBe(10_000);
    expect(loadConfig({ MAX_PUSHUPS_PER_DAY: '250' }).maxPushupsPerDay).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'lots', '1000001']) {
      expect(() => loadConfig({ MAX_PUSHUPS_PER_DAY: bad }), bad).toThrow(ConfigError);
    }
  });
});
