import { randomUUID } from 'node:crypto';
import {
  addDays,
  type DailyTotal,
  dayInZone,
  type LeaderboardRow,
  MESSAGES,
  type PushupEntry,
} from '@pushup/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestServer,
  engines,
  invitedAccount,
  registeredAccount,
  type TestAccount,
  type TestServer,
} from './helpers';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(engines)('push-ups API on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const invited = () => invitedAccount(server);
  const registered = (username?: string) => registeredAccount(server, username);

  function call(account: TestAccount, method: Method, url: string, payload?: unknown, timezone = 'UTC') {
    return server.app.inject({
      method,
      url,
      headers: { ...bearer(account), 'x-timezone': timezone },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function log(account: TestAccount, count: number, date?: string, timezone = 'UTC') {
    const response = await call(
      account,
      'POST',
      '/api/pushups',
      date ? { count, date } : { count },
      timezone,
    );
    expect(response.statusCode).toBe(201);
    return response.json<PushupEntry>();
  }

  async function list(account: TestAccount, query = '') {
    const response = await call(account, 'GET', `/api/pushups${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<PushupEntry[]>();
  }

  async function daily(account: TestAccount, query = '', timezone = 'UTC') {
    const response = await call(account, 'GET', `/api/pushups/daily${query}`, undefined, timezone);
    expect(response.statusCode).toBe(200);
    return response.json<DailyTotal[]>();
  }

  /** The stored running total and the sum over the stored entries of one user. */
  async function totals(userUuid: string) {
    const db = server.db.handle.db;
    const stored = await server.repos.pushups.totalOf(userUuid);
    const summed = await db
      .selectFrom('pushups')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('count'), sql.lit(0)).as('sum'))
      .where('user_uuid', '=', userUuid)
      .executeTakeFirstOrThrow();
    return { stored: stored ?? 0, summed: Number(summed.sum) };
  }

  it('answers 401 without a token on every push-up call', async () => {
    for (const [method, url] of [
      ['POST', '/api/pushups'],
      ['GET', '/api/pushups'],
      ['GET', '/api/pushups/daily'],
      ['GET', '/api/pushups/leaderboard'],
      ['PATCH', `/api/pushups/${randomUUID()}`],
      ['DELETE', `/api/pushups/${randomUUID()}`],
    ] as const) {
      const response = await server.app.inject({ method, url, payload: { count: 5 } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.serverMissingToken, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 404 USER_NOT_FOUND to writes without a profile, and empty reads', async () => {
    const account = await invited();
    for (const [method, url, payload] of [
      ['POST', '/api/pushups', { count: 5 }],
      ['PATCH', `/api/pushups/${randomUUID()}`, { count: 5 }],
      ['DELETE', `/api/pushups/${randomUUID()}`, undefined],
    ] as const) {
      const response = await call(account, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.serverUserNotFound, code: 'USER_NOT_FOUND' });
    }
    expect(await list(account)).toEqual([]);
    expect(await daily(account)).toEqual([]);
    const board = await call(account, 'GET', '/api/pushups/leaderboard');
    expect(board.statusCode).toBe(200);
    expect(board.json<LeaderboardRow[]>().some((row) => row.isCurrentUser)).toBe(false);
  });

  it('logs an entry: the instant normalised to UTC, its day in the caller’s zone, now by default', async () => {
    const { account } = await registered();
    const response = await call(account, 'POST', '/api/pushups', {
      count: 25,
      date: '2025-03-10T13:30:00+02:00',
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json<PushupEntry>();
    expect(entry).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      count: 25,
      date: '2025-03-10T11:30:00.000Z',
      day: '2025-03-10',
    });

    const before = Date.now();
    const now = await log(account, 1000, undefined, AUCKLAND);
    const stamped = Date.parse(now.date);
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    expect(now.day).toBe(dayInZone(new Date(stamped), AUCKLAND));

    expect(await list(account)).toEqual([now, entry]);
  });

  describe('validation messages', () => {
    let account: TestAccount;
    let entry: PushupEntry;
    beforeAll(async () => {
      account = (await registered()).account;
      entry = await log(account, 10, '2025-06-01T12:00:00Z');
    });

    const expect400 = async (response: { statusCode: number; json(): unknown }, message: string) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    };

    it.each([
      ['0', 0],
      ['1001', 1001],
      ['1.5', 1.5],
      ['a string', '10'],
      ['missing', undefined],
      ['negative', -1],
    ])('refuses a new entry whose count is %s', async (_label, count) => {
      await expect400(
        await call(account, 'POST', '/api/pushups', count === undefined ? {} : { count }),
        MESSAGES.pushupCountRange,
      );
    });

    it.each([
      ['-1', -1],
      ['1001', 1001],
      ['1.5', 1.5],
      ['a string', 'many'],
    ])('refuses an edit whose count is %s', async (_label, count) => {
      await expect400(
        await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count }),
        MESSAGES.pushupEditCountRange,
      );
    });

    it('accepts the boundaries: 1 and 1000 on create, 0 on edit', async () => {
      await log(account, 1, '2025-06-02T12:00:00Z');
      await log(account, 1000, '2025-06-02T12:00:00Z');
      const zero = await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 0 });
      expect(zero.statusCode).toBe(200);
      expect(zero.json<PushupEntry>().count).toBe(0);
    });

    it.each([
      ['text', 'yesterday'],
      ['a date without a time', '2025-03-10'],
      ['a time without an offset', '2025-03-10T11:30:00'],
      ['an impossible day', '2025-02-30T12:00:00Z'],
      ['a number', 1741606200000],
    ])('refuses a date that is %s', async (_label, date) => {
      await expect400(
        await call(account, 'POST', '/api/pushups', { count: 5, date }),
        MESSAGES.pushupDateInvalid,
      );
      await expect400(
        await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 5, date }),
        MESSAGES.pushupDateInvalid,
      );
    });

    it('refuses a future date beyond the clock skew, on create and edit, and accepts one within it', async () => {
      const future = new Date(Date.now() + 10 * 60_000).toISOString();
      await expect400(
        await call(account, 'POST', '/api/pushups', { count: 5, date: future }),
        MESSAGES.futureDate,
      );
      await expect400(
        await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 5, date: future }),
        MESSAGES.futureDate,
      );
      await log(account, 5, new Date(Date.now() + 60_000).toISOString());
    });

    it('refuses a day before 2025-01-01 in the caller’s zone', async () => {
      await expect400(
        await call(account, 'POST', '/api/pushups', { count: 5, date: '2024-12-31T23:59:59Z' }),
        MESSAGES.dateBeforeEarliest,
      );
      // 05:00 UTC on New Year's Day is still 2024-12-31 in Los Angeles, already 2025-01-01 in Auckland.
      const instant = '2025-01-01T05:00:00Z';
      await expect400(
        await call(account, 'POST', '/api/pushups', { count: 5, date: instant }, LOS_ANGELES),
        MESSAGES.dateBeforeEarliest,
      );
      await expect400(
        await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 5, date: instant }, LOS_ANGELES),
        MESSAGES.dateBeforeEarliest,
      );
      expect((await log(account, 5, instant, AUCKLAND)).day).toBe('2025-01-01');
    });

    it.each(['/api/pushups', '/api/pushups/daily'])('refuses bad day queries on %s', async (path) => {
      await expect400(await call(account, 'GET', `${path}?from=2025-13-01`), MESSAGES.dayInvalid);
      await expect400(await call(account, 'GET', `${path}?to=2025-02-30`), MESSAGES.dayInvalid);
      await expect400(await call(account, 'GET', `${path}?from=yesterday`), MESSAGES.dayInvalid);
      await expect400(
        await call(account, 'GET', `${path}?from=2025-03-02&to=2025-03-01`),
        MESSAGES.dayRangeReversed,
      );
      await expect400(
        await call(account, 'GET', `${path}?from=2025-01-01&to=2035-12-31`),
        MESSAGES.dayRangeTooLong,
      );
    });

    it('refuses a body that is not an object', async () => {
      const response = await call(account, 'POST', '/api/pushups', [1, 2]);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    });
  });

  it('lets nobody change, delete or see another user’s entry (404 Pushup not found)', async () => {
    const { account: owner } = await registered();
    const { account: other } = await registered();
    const entry = await log(owner, 30, '2025-05-05T12:00:00Z');
    const notFound = { message: 'Pushup not found', code: 'NOT_FOUND' };

    const patch = await call(other, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 1 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(notFound);
    const remove = await call(other, 'DELETE', `/api/pushups/${entry.uuid}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(notFound);
    expect(await list(other)).toEqual([]);
    expect(await daily(other, '?from=2025-05-01&to=2025-05-31')).toEqual([]);

    expect(await list(owner)).toEqual([entry]);
    expect(await daily(owner, '?from=2025-05-01&to=2025-05-31')).toEqual([{ day: '2025-05-05', total: 30 }]);

    for (const method of ['PATCH', 'DELETE'] as const) {
      const missing = await call(owner, method, `/api/pushups/${randomUUID()}`, { count: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(notFound);
    }
  });

  it('edits and deletes an entry, keeping the running total exact', async () => {
    const { account, profile } = await registered();
    const entry = await log(account, 40, '2025-04-01T08:00:00Z');
    await log(account, 2, '2025-04-02T08:00:00Z');

    const edited = await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 15 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...entry, count: 15 });
    expect(await totals(profile.uuid)).toEqual({ stored: 17, summed: 17 });

    const removed = await call(account, 'DELETE', `/api/pushups/${entry.uuid}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await totals(profile.uuid)).toEqual({ stored: 2, summed: 2 });
    const again = await call(account, 'DELETE', `/api/pushups/${entry.uuid}`);
    expect(again.statusCode).toBe(404);
    expect((await list(account)).map((e) => e.count)).toEqual([2]);
  });

  it('lists newest first (ties by uuid) and filters by an inclusive day range', async () => {
    const { account } = await registered();
    const a = await log(account, 1, '2025-02-01T09:00:00Z');
    const b = await log(account, 2, '2025-02-03T09:00:00Z');
    const c = await log(account, 3, '2025-02-02T09:00:00Z');
    const d1 = await log(account, 4, '2025-02-04T09:00:00Z');
    const d2 = await log(account, 5, '2025-02-04T09:00:00Z');
    const [first, second] = d1.uuid > d2.uuid ? [d1, d2] : [d2, d1];

    expect(await list(account)).toEqual([first, second, b, c, a]);
    expect(await list(account, '?from=2025-02-02&to=2025-02-03')).toEqual([b, c]);
    expect(await list(account, '?from=2025-02-03')).toEqual([first, second, b]);
    expect(await list(account, '?to=2025-02-01')).toEqual([a]);
    expect(await list(account, '?from=2025-02-04&to=2025-02-04')).toEqual([first, second]);
    expect(await list(account, '?from=2025-02-05')).toEqual([]);
  });

  it('answers at most 1000 entries, the newest', async () => {
    const { account, profile } = await registered();
    const rows = Array.from({ length: 1005 }, (_, i) => {
      const date = new Date(Date.UTC(2025, 0, 1, 12) + i * 3_600_000).toISOString();
      return {
        uuid: randomUUID(),
        user_uuid: profile.uuid,
        count: 1,
        date,
        day: date.slice(0, 10),
        created_at: date,
        updated_at: date,
      };
    });
    await server.db.handle.db.insertInto('pushups').values(rows).execute();
    const entries = await list(account);
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.date).toBe(rows[1004]?.date);
    expect(entries[999]?.date).toBe(rows[5]?.date);
  });

  it('sums per day with entries, oldest first, over the last 30 days by default', async () => {
    const { account } = await registered();
    const today = dayInZone(new Date(), 'UTC');
    const noon = (day: string) => `${day}T12:00:00Z`;
    const early = addDays(today, -29) < '2025-01-01' ? null : addDays(today, -29);
    await log(account, 7);
    await log(account, 3);
    if (early) {
      await log(account, 11, noon(early));
      await log(account, 4, `${early}T00:00:00Z`);
    }
    const outside = addDays(today, -30);
    if (outside >= '2025-01-01') await log(account, 100, noon(outside));

    const expected = [...(early ? [{ day: early, total: 15 }] : []), { day: today, total: 10 }];
    expect(await daily(account)).toEqual(expected);
    expect(await daily(account, `?to=${today}`)).toEqual(expected);
    expect(await daily(account, `?from=${addDays(today, -29)}`)).toEqual(expected);
    expect(await daily(account, `?from=${today}&to=${today}`)).toEqual([{ day: today, total: 10 }]);
    if (outside >= '2025-01-01') {
      expect(await daily(account, `?from=${outside}&to=${outside}`)).toEqual([{ day: outside, total: 100 }]);
    }
    // A `from` after today (the default `to`) is an empty range, not an error.
    expect(await daily(account, `?from=${addDays(today, 2)}`)).toEqual([]);
  });

  it('answers a year of days in one range, its first and last day included (the year heatmap)', async () => {
    const { account } = await registered();
    const today = dayInZone(new Date(), 'UTC');
    const noon = (day: string) => `${day}T12:00:00Z`;
    const first = addDays(today, -364);
    const days = [addDays(first, -1), first, addDays(first, 100), addDays(today, -1)].filter(
      (day) => day >= '2025-01-01',
    );
    for (const [i, day] of days.entries()) await log(account, 10 + i, noon(day));
    await log(account, 5);
    const expected = [
      ...days.map((day, i) => ({ day, total: 10 + i })).filter(({ day }) => day >= first),
      { day: today, total: 5 },
    ];
    expect(await daily(account, `?from=${first}&to=${today}`)).toEqual(expected);
    // Nothing logged in the range: an empty list.
    const { account: none } = await registered();
    expect(await daily(none, `?from=${first}&to=${today}`)).toEqual([]);
  });

  it('files an instant under the day of the logger’s zone (Auckland and Los Angeles)', async () => {
    const { account } = await registered();
    const instant = '2025-03-10T11:30:00Z';
    const auckland = await log(account, 20, instant, AUCKLAND);
    const losAngeles = await log(account, 5, instant, LOS_ANGELES);
    expect(auckland).toMatchObject({ date: '2025-03-10T11:30:00.000Z', day: '2025-03-11' });
    expect(losAngeles).toMatchObject({ date: '2025-03-10T11:30:00.000Z', day: '2025-03-10' });

    // The stored day is the logger's, whichever zone later asks.
    for (const viewer of ['UTC', AUCKLAND, LOS_ANGELES]) {
      expect(await daily(account, '?from=2025-03-10&to=2025-03-11', viewer)).toEqual([
        { day: '2025-03-10', total: 5 },
        { day: '2025-03-11', total: 20 },
      ]);
    }
    expect(await list(account, '?from=2025-03-11&to=2025-03-11')).toEqual([auckland]);
    expect(await list(account, '?from=2025-03-10&to=2025-03-10')).toEqual([losAngeles]);
  });

  it('recomputes the day when an edit re-dates an entry, in the editor’s zone', async () => {
    const { account } = await registered();
    const entry = await log(account, 12, '2025-03-10T11:30:00Z', 'UTC');
    expect(entry.day).toBe('2025-03-10');

    const countOnly = await call(account, 'PATCH', `/api/pushups/${entry.uuid}`, { count: 13 }, AUCKLAND);
    expect(countOnly.json()).toEqual({ ...entry, count: 13 });

    const redated = await call(
      account,
      'PATCH',
      `/api/pushups/${entry.uuid}`,
      { count: 14, date: '2025-03-10T11:30:00Z' },
      AUCKLAND,
    );
    expect(redated.statusCode).toBe(200);
    expect(redated.json()).toEqual({ uuid: entry.uuid, count: 14, date: entry.date, day: '2025-03-11' });

    const moved = await call(
      account,
      'PATCH',
      `/api/pushups/${entry.uuid}`,
      { count: 14, date: '2025-03-20T00:00:00-07:00' },
      LOS_ANGELES,
    );
    expect(moved.json()).toEqual({
      uuid: entry.uuid,
      count: 14,
      date: '2025-03-20T07:00:00.000Z',
      day: '2025-03-20',
    });
    expect(await daily(account, '?from=2025-03-01&to=2025-03-31')).toEqual([
      { day: '2025-03-20', total: 14 },
    ]);
  });

  it('keeps running totals exact under concurrent logs, edits and deletes', async () => {
    const { account, profile } = await registered();
    const { account: rival, profile: rivalProfile } = await registered();

    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 5 === 4 ? rival : account, 'POST', '/api/pushups', { count: i + 1 }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const mine = created.filter((_, i) => i % 5 !== 4).map((r) => r.json<PushupEntry>());
    expect(await totals(profile.uuid)).toEqual({ stored: 1000, summed: 1000 });
    expect(await totals(rivalProfile.uuid)).toEqual({ stored: 275, summed: 275 });

    // Each of the first ten entries is edited twice at once; the next ten are deleted twice at
    // once; the next ten are edited and deleted at once; meanwhile ten more are logged.
    const requests = [
      ...mine
        .slice(0, 10)
        .flatMap((e, i) => [
          call(account, 'PATCH', `/api/pushups/${e.uuid}`, { count: 100 + i }),
          call(account, 'PATCH', `/api/pushups/${e.uuid}`, { count: 200 + i }),
        ]),
      ...mine
        .slice(10, 20)
        .flatMap((e) => [
          call(account, 'DELETE', `/api/pushups/${e.uuid}`),
          call(account, 'DELETE', `/api/pushups/${e.uuid}`),
        ]),
      ...mine
        .slice(20, 30)
        .flatMap((e) => [
          call(account, 'PATCH', `/api/pushups/${e.uuid}`, { count: 999 }),
          call(account, 'DELETE', `/api/pushups/${e.uuid}`),
        ]),
      ...Array.from({ length: 10 }, () => call(account, 'POST', '/api/pushups', { count: 7 })),
    ];
    const responses = await Promise.all(requests);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    for (let i = 20; i < 40; i += 2) expect([statuses[i], statuses[i + 1]].sort()).toEqual([204, 404]);
    for (let i = 40; i < 60; i += 2) {
      // Edit then delete: 200 and 204. Delete then edit: 204 and 404.
      expect([
        [200, 204],
        [404, 204],
      ]).toContainEqual([statuses[i], statuses[i + 1]]);
    }
    expect(statuses.slice(60)).toEqual(Array(10).fill(201));

    const { stored, summed } = await totals(profile.uuid);
    expect(stored).toBe(summed);
    const remaining = await list(account);
    expect(remaining).toHaveLength(40 - 10 - 10 + 10);
    expect(remaining.reduce((sum, e) => sum + e.count, 0)).toBe(stored);
    for (const [i, e] of mine.slice(0, 10).entries()) {
      expect([100 + i, 200 + i]).toContain(remaining.find((r) => r.uuid === e.uuid)?.count);
    }
    expect(await totals(rivalProfile.uuid)).toEqual({ stored: 275, summed: 275 });

    const board = await call(account, 'GET', '/api/pushups/leaderboard');
    const own = board.json<LeaderboardRow[]>().find((row) => row.isCurrentUser);
    expect(own).toMatchObject({ username: profile.username, total: stored });
  });

  it('deleting the account removes its entries and its total, nobody else’s', async () => {
    const { account, profile } = await registered();
    const { account: other, profile: otherProfile } = await registered();
    await log(account, 50, '2025-07-01T12:00:00Z');
    await log(account, 60);
    await log(other, 5);

    const response = await call(account, 'DELETE', '/api/users/me');
    expect(response.statusCode).toBe(204);
    const db = server.db.handle.db;
    expect(
      await db.selectFrom('pushups').selectAll().where('user_uuid', '=', profile.uuid).execute(),
    ).toEqual([]);
    expect(await server.repos.pushups.totalOf(profile.uuid)).toBeUndefined();
    expect(await totals(otherProfile.uuid)).toEqual({ stored: 5, summed: 5 });
    const board = await call(other, 'GET', '/api/pushups/leaderboard');
    expect(board.json<LeaderboardRow[]>().map((row) => row.username)).not.toContain(profile.username);
  });

  it('is listed in the OpenAPI document', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/pushups',
        '/api/pushups/daily',
        '/api/pushups/leaderboard',
        '/api/pushups/{uuid}',
      ]),
    );
  });
});
