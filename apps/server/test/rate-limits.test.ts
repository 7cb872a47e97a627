import type { PushupEntry } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createFirebaseIdentity } from '../src/auth/identity';
import { RATE_LIMITS, userLimitOf } from '../src/plugins/rate-limits';
import {
  bearer,
  createTestServer,
  emulatorHost,
  PROJECT_ID,
  registeredAccount,
  type TestAccount,
  type TestServer,
} from './helpers';

/**
 * Abuse limits (docs/security.md, "Abuse limits") on a server that has them on, each test from its
 * own address.
 */
describe('rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer('sqlite', { rateLimits: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  function call(
    account: TestAccount | null,
    address: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) {
    return server.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: account ? bearer(account) : {},
      ...(payload ? { payload } : {}),
    });
  }

  /** Makes `count` calls one after another and answers their statuses. */
  async function statuses(count: number, make: () => ReturnType<typeof call>): Promise<number[]> {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await make()).statusCode);
    return seen;
  }

  it('lets a user make 120 changes a minute, then answers 429 with the wait, writing nothing more', async () => {
    const { account } = await registeredAccount(server);
    const { account: other } = await registeredAccount(server);
    const log = (who: TestAccount) => call(who, '10.1.0.1', 'POST', '/api/pushups', { count: 1 });

    // Registering the profile was one change already.
    const allowed = RATE_LIMITS.writes.max - 1;
    expect(new Set(await statuses(allowed, () => log(account)))).toEqual(new Set([201]));
    const refused = await log(account);
    expect(refused.statusCode).toBe(429);
    const { message, code } = refused.json<{ message: string; code: string }>();
    expect(code).toBe('RATE_LIMITED');
    expect(message).toMatch(/^Too many changes: at most 120 a minute\. Please try again in \d+ seconds\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const list = await server.app.inject({
      method: 'GET',
      url: '/api/pushups?limit=500',
      headers: bearer(account),
    });
    expect(list.json<PushupEntry[]>()).toHaveLength(allowed);
    // Reads go on, and another user's changes are counted apart.
    expect(list.statusCode).toBe(200);
    expect((await log(other)).statusCode).toBe(201);
  });

  it('counts a refused bad body as a change too (no free probing)', async () => {
    const { account } = await registeredAccount(server);
    const bad = () => call(account, '10.1.0.2', 'POST', '/api/pushups', { count: -1 });
    const seen = await statuses(RATE_LIMITS.writes.max, bad);
    expect(seen.filter((status) => status === 400)).toHaveLength(RATE_LIMITS.writes.max - 1);
    expect(seen.at(-1)).toBe(429);
  });

  it('allows 60 group searches a minute per user', async () => {
    const { account } = await registeredAccount(server);
    const search = () => call(account, '10.1.0.3', 'GET', '/api/groups/search?q=runners');
    const seen = await statuses(RATE_LIMITS.searches.max + 1, search);
    expect(seen.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(seen.at(-1)).toBe(429);
    const refused = await search();
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many searches: at most 60 a minute\./);
  });

  it('allows 10 test reminders a minute per user', async () => {
    const { account } = await registeredAccount(server);
    // No device: each is a 404, and counts all the same.
    const test = () => call(account, '10.1.0.7', 'POST', '/api/reminders/test');
    const seen = await statuses(RATE_LIMITS.reminderTests.max + 1, test);
    expect(new Set(seen.slice(0, -1))).toEqual(new Set([404]));
    expect(seen.at(-1)).toBe(429);
    const refused = await test();
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many test reminders: at most 10 a minute\./,
    );
  });

  it('limits invite-code guesses per user (30) and per address (60), whichever accounts guess', async () => {
    const guess = (who: TestAccount, address: string, n: number) =>
      call(who, address, 'GET', `/api/groups/invites/guess-${n}-${'x'.repeat(20)}/check`);
    const [first, second, third] = await Promise.all([
      registeredAccount(server),
      registeredAccount(server),
      registeredAccount(server),
    ]);
    if (!first || !second || !third) throw new Error('accounts');

    // A made-up code is answered as such (not a 429) until the limit.
    const own = await statuses(RATE_LIMITS.inviteCodes.max + 1, () => guess(first.account, '10.1.0.4', 1));
    expect(own.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(own.at(-1)).toBe(429);

    // The same address: a second account still has its own 30, then the address's 60 are used up.
    const more = await statuses(RATE_LIMITS.inviteCodes.max, () => guess(second.account, '10.1.0.4', 2));
    expect(more.filter((status) => status !== 429).length).toBe(RATE_LIMITS.inviteCodesPerAddress.max - 31);
    const fromNetwork = await guess(third.account, '10.1.0.4', 3);
    expect(fromNetwork.statusCode).toBe(429);
    expect(fromNetwork.json<{ message: string }>().message).toMatch(
      /^Too many invite code checks from your network: at most 60 a minute\./,
    );
    // Elsewhere the third account guesses freely.
    expect((await guess(third.account, '10.1.0.5', 3)).statusCode).not.toBe(429);
  });

  it('refuses a flood from one address before checking any token', async () => {
    const seen = await statuses(RATE_LIMITS.perAddress.max + 1, () =>
      server.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        remoteAddress: '10.1.0.6',
        headers: { authorization: 'Bearer not-a-token' },
      }),
    );
    expect(new Set(seen.slice(0, -1))).toEqual(new Set([401]));
    expect(seen.at(-1)).toBe(429);
  });

  it('allows 10 downloads of one’s data a minute (each streams every entry)', async () => {
    const { account } = await registeredAccount(server);
    const download = (url: string) => call(account, '10.1.0.7', 'GET', url);
    for (let i = 0; i < RATE_LIMITS.exports.max / 2; i++) {
      expect((await download('/api/pushups/export')).statusCode).toBe(200);
      expect((await download('/api/users/me/export')).statusCode).toBe(200);
    }
    const refused = await download('/api/pushups/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many downloads of your data: at most 10 a minute\. Please try again in/,
    );
  });

  it('limits the public invite preview per address, without a token', async () => {
    const preview = () => call(null, '10.1.0.9', 'GET', `/api/groups/invites/${'x'.repeat(32)}/preview`);
    for (let i = 0; i < RATE_LIMITS.inviteCodes.max; i++) expect((await preview()).statusCode).toBe(404);
    const refused = await preview();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many invite code checks/);
  });

  it('counts invite-code previews, checks and accepts from one address against one budget of 60 a minute', async () => {
    const code = (n: number) => `budget-${n}-${'x'.repeat(20)}`;
    const preview = (address: string, n: number) =>
      call(null, address, 'GET', `/api/groups/invites/${code(n)}/preview`);
    const check = (who: TestAccount, address: string, n: number) =>
      call(who, address, 'GET', `/api/groups/invites/${code(n)}/check`);
    const accept = (who: TestAccount, address: string, n: number) =>
      call(who, address, 'POST', `/api/groups/invites/${code(n)}/accept`);
    const [first, second, third] = await Promise.all([
      registeredAccount(server),
      registeredAccount(server),
      registeredAccount(server),
    ]);
    if (!first || !second || !third) throw new Error('accounts');
    const fromNetwork = /^Too many invite code checks from your network: at most 60 a minute\./;

    // Previews first: 30 of them (a visitor's own 30), then an account's checks and accepts take
    // what is left of the address's 60, and no second account gets more.
    const previews = await statuses(RATE_LIMITS.inviteCodes.max, () => preview('10.1.0.10', 1));
    expect(new Set(previews)).toEqual(new Set([404]));
    const checks = await statuses(RATE_LIMITS.inviteCodes.max / 2, () =>
      check(first.account, '10.1.0.10', 2),
    );
    const accepts = await statuses(RATE_LIMITS.inviteCodes.max / 2, () =>
      accept(first.account, '10.1.0.10', 3),
    );
    expect([...checks, ...accepts].every((status) => status !== 429)).toBe(true);
    for (const refused of [
      await check(second.account, '10.1.0.10', 4),
      await accept(second.account, '10.1.0.10', 5),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(fromNetwork);
    }

    // Checks first: two accounts use up the address's 60, and the preview is refused there too.
    const one = await statuses(RATE_LIMITS.inviteCodes.max, () => check(second.account, '10.1.0.11', 6));
    const two = await statuses(RATE_LIMITS.inviteCodes.max, () => check(third.account, '10.1.0.11', 7));
    expect([...one, ...two].every((status) => status !== 429)).toBe(true);
    const refused = await preview('10.1.0.11', 8);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(fromNetwork);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address previews freely.
    expect((await preview('10.1.0.12', 8)).statusCode).toBe(404);
  });

  it('classifies each route by the limit it counts against', () => {
    expect(userLimitOf('POST', '/api/pushups')).toBe('writes');
    expect(userLimitOf('PATCH', '/api/pushups/:uuid')).toBe('writes');
    expect(userLimitOf('DELETE', '/api/groups/:id/members')).toBe('writes');
    expect(userLimitOf('POST', '/api/groups/invites/:code/accept')).toBe('inviteCodes');
    expect(userLimitOf('GET', '/api/groups/invites/:code/check')).toBe('inviteCodes');
    expect(userLimitOf('GET', '/api/groups/invites/:code/preview')).toBe('inviteCodes');
    expect(userLimitOf('GET', '/api/groups/search')).toBe('searches');
    expect(userLimitOf('POST', '/api/reminders/test')).toBe('reminderTests');
    expect(userLimitOf('GET', '/api/users/me/export')).toBe('exports');
    expect(userLimitOf('GET', '/api/pushups/export')).toBe('exports');
    expect(userLimitOf('POST', '/api/pushups/import')).toBe('writes');
    expect(userLimitOf('PUT', '/api/reminders')).toBe('writes');
    expect(userLimitOf('GET', '/api/pushups/leaderboard')).toBeNull();
  });
});

/**
 * Whose address a per-address limit counts (docs/security.md, "Proxies"): X-Forwarded-For is
 * believed only for the hops TRUST_PROXY names, so a client cannot pick a fresh address for every
 * request by writing the first address itself.
 */
describe.each([
  { mode: 'production', setting: undefined, socket: '10.2.0.1', counted: 'the socket’s address' },
  { mode: 'local', setting: undefined, socket: '10.2.0.1', counted: 'the socket’s address' },
  {
    mode: 'local',
    setting: '198.51.100.1',
    socket: '198.51.100.1',
    counted: 'what the named proxy appended',
  },
  { mode: 'local', setting: '1', socket: '198.51.100.2', counted: 'what one trusted hop appended' },
] as const)('in $mode mode with TRUST_PROXY=$setting', ({ mode, setting, socket, counted }) => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await createTestServer('sqlite', {
      rateLimits: true,
      ...(setting ? { env: { TRUST_PROXY: setting } } : {}),
    });
    app = server.app;
    if (mode === 'production') {
      // Production settings on the test's emulator and database.
      app = await buildApp({
        config: { ...server.config, mode: 'production' },
        db: server.db.handle,
        identity: createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() }),
        webRoot: null,
        logger: false,
      });
      await app.ready();
    }
  });
  afterAll(async () => {
    if (app !== server?.app) await app?.close();
    await server?.close();
  });

  /** A request through the proxy: the client wrote the first address, the proxy appended the last. */
  const through = (clientWritten: string) =>
    app.inject({
      method: 'GET',
      url: '/api/users/profile',
      remoteAddress: socket,
      headers: { authorization: 'Bearer not-a-token', 'x-forwarded-for': `${clientWritten}, 192.0.2.50` },
    });

  it(`counts ${counted}, whatever the client writes first`, async () => {
    for (let i = 0; i < RATE_LIMITS.perAddress.max; i++) {
      expect((await through('203.0.113.7')).statusCode).toBe(401);
    }
    expect((await through('203.0.113.7')).statusCode).toBe(429);
    // Another address of the client's choosing is the same client.
    expect((await through('203.0.113.8')).statusCode).toBe(429);
  });
});
