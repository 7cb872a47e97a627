/**
 * Public profiles (docs/product.md, "Public profile"; docs/security.md, "Public profiles"), on SQLite
 * and, with TEST_DATABASE_URL, PostgreSQL: off by default and then answered exactly as a name no one
 * holds; on, only the parts chosen, to anyone without a token; a rename moves the address; turning
 * it off takes effect at once in another API process; hiding from the leaderboard changes nothing.
 */
import type { PublicProfile, PublicProfileSettings } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTwoProcesses,
  engines,
  registeredAccount,
  type TestAccount,
  type TestServer,
  type TwoProcesses,
} from './helpers';

const ALL_OFF: PublicProfileSettings['parts'] = {
  totals: false,
  streak: false,
  records: false,
  heatmap: false,
  achievements: false,
};

/** What the server decides of an answer: status, body and its own headers (not the request id). */
function answerOf(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const { 'x-request-id': _id, date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

describe.each(engines)('public profiles on %s', (engine) => {
  let processes: TwoProcesses;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    processes = await createTwoProcesses(engine);
    ({ first, second } = processes);
  });
  afterAll(async () => {
    await processes?.close();
  });

  const call = (server: TestServer, account: TestAccount, method: string, url: string, payload?: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(account), 'x-timezone': 'Europe/Berlin' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const visit = (server: TestServer, name: string) =>
    server.app.inject({ method: 'GET', url: `/api/public/profiles/${name}` });
  const choose = async (account: TestAccount, settings: PublicProfileSettings) => {
    const response = await call(first, account, 'PUT', '/api/users/public-profile', settings);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(settings);
  };

  it('is off by default and then answers exactly as a name no one holds', async () => {
    const { account, profile } = await registeredAccount(first);
    await call(first, account, 'POST', '/api/pushups', { count: 20 });
    const settings = await call(first, account, 'GET', '/api/users/public-profile');
    expect(settings.json()).toEqual({ enabled: false, parts: ALL_OFF });

    const unknown = answerOf(await visit(first, 'nobody_has_this'));
    expect(unknown.status).toBe(404);
    expect(answerOf(await visit(first, profile.username))).toEqual(unknown);
    // Off with every part chosen is still private.
    await choose(account, {
      enabled: false,
      parts: { totals: true, streak: true, records: true, heatmap: true, achievements: true },
    });
    expect(answerOf(await visit(first, profile.username))).toEqual(unknown);
    // Signed in, someone else sees the same.
    const other = await registeredAccount(first);
    const signedIn = await call(first, other.account, 'GET', `/api/public/profiles/${profile.username}`);
    expect(answerOf(signedIn)).toEqual(unknown);
  });

  it('shows anyone only the parts chosen, never the email or the groups', async () => {
    const { account, profile } = await registeredAccount(first);
    await call(first, account, 'POST', '/api/pushups', { count: 30 });
    await call(first, account, 'POST', '/api/groups', { name: `Group ${profile.username}` });
    await choose(account, { enabled: true, parts: { ...ALL_OFF, totals: true, heatmap: true } });

    const response = await visit(first, profile.username.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicProfile>();
    expect(Object.keys(body).sort()).toEqual(['heatmap', 'totals', 'username']);
    expect(body.username).toBe(profile.username);
    expect(body.totals).toEqual({ total: 30, activeDays: 1 });
    expect(body.heatmap?.days).toEqual([{ day: body.heatmap?.today, total: 30 }]);
    expect(response.body).not.toContain(account.email);
    expect(response.body).not.toContain('Group ');

    await choose(account, {
      enabled: true,
      parts: { ...ALL_OFF, streak: true, records: true, achievements: true },
    });
    const other = await visit(second, profile.username);
    const parts = other.json<PublicProfile>();
    expect(Object.keys(parts).sort()).toEqual(['achievements', 'records', 'streak', 'username']);
    expect(parts.streak).toEqual({ current: 1, longest: 1 });
    expect(Object.keys(parts.records ?? {}).sort()).toEqual(['bestDay', 'bestMonth', 'bestWeek']);
    expect(parts.achievements?.map((a) => a.id)).toContain('first-entry');
    expect(parts.achievements?.every((a) => typeof a.earnedAt === 'string')).toBe(true);
  });

  it('moves with a rename: the old address is no one’s, the new one shows the profile', async () => {
    const { account, profile } = await registeredAccount(first);
    await choose(account, { enabled: true, parts: { ...ALL_OFF, totals: true } });
    expect((await visit(first, profile.username)).statusCode).toBe(200);
    const renamed = `${profile.username}x`;
    const update = await call(first, account, 'PUT', '/api/users/profile', { username: renamed });
    expect(update.statusCode).toBe(200);
    const unknown = answerOf(await visit(second, 'nobody_has_this'));
    expect(answerOf(await visit(second, profile.username))).toEqual(unknown);
    expect((await visit(second, renamed)).json<PublicProfile>().username).toBe(renamed);
  });

  it('turned off is gone at once in another process', async () => {
    const { account, profile } = await registeredAccount(first);
    await call(first, account, 'POST', '/api/pushups', { count: 5 });
    await choose(account, { enabled: true, parts: { ...ALL_OFF, totals: true, streak: true } });
    // The other process has read (and cached what it could of) the profile.
    expect((await visit(second, profile.username)).statusCode).toBe(200);
    expect((await visit(second, profile.username)).statusCode).toBe(200);
    await choose(account, { enabled: false, parts: { ...ALL_OFF, totals: true, streak: true } });
    const unknown = answerOf(await visit(second, 'nobody_has_this'));
    expect(answerOf(await visit(second, profile.username))).toEqual(unknown);
  });

  it('follows every change at once in another process: entries, achievements, parts', async () => {
    const { account, profile } = await registeredAccount(first);
    await call(first, account, 'POST', '/api/pushups', { count: 10 });
    await choose(account, { enabled: true, parts: { ...ALL_OFF, totals: true, achievements: true } });
    const read = async () => (await visit(second, profile.username)).json<PublicProfile>();
    expect((await read()).totals).toEqual({ total: 10, activeDays: 1 });
    await read();
    await call(first, account, 'POST', '/api/pushups', { count: 7 });
    expect((await read()).totals).toEqual({ total: 17, activeDays: 1 });
    // An achievement earned without an entry (a first group) shows at once too.
    expect((await read()).achievements?.map((a) => a.id)).not.toContain('first-group');
    await call(first, account, 'POST', '/api/groups', { name: `Crew ${profile.username}` });
    expect((await read()).achievements?.map((a) => a.id)).toContain('first-group');
    await choose(account, { enabled: true, parts: { ...ALL_OFF, streak: true } });
    expect(Object.keys(await read()).sort()).toEqual(['streak', 'username']);
  });

  it('is a choice apart from hiding on the leaderboard', async () => {
    const { account, profile } = await registeredAccount(first);
    await call(first, account, 'PATCH', '/api/users/settings', { showOnLeaderboard: false });
    expect((await visit(first, profile.username)).statusCode).toBe(404);
    await choose(account, { enabled: true, parts: { ...ALL_OFF, totals: true } });
    expect((await visit(first, profile.username)).statusCode).toBe(200);
    const settings = await call(first, account, 'GET', '/api/users/settings');
    expect(settings.json()).toMatchObject({ showOnLeaderboard: false });
  });

  it('answers odd names in the address with 404 or 400, never 500', async () => {
    // Dot segments are resolved before routing: another path's 404, or an empty name's 400.
    for (const name of ['%2E%2E', '..', '.', '%2E']) {
      expect([400, 404], name).toContain((await visit(first, name)).statusCode);
    }
    const names = [
      'a%2Fb',
      '%00',
      '%C3%A4%C3%B6%C3%BC',
      encodeURIComponent('名前です'),
      'x'.repeat(31),
      '%E0%A4%A',
      'a.b',
      'a%20b',
      '%25',
    ];
    // Longer than the router takes a parameter (Fastify's maxParamLength): 414, before any route.
    expect((await visit(first, 'x'.repeat(500))).statusCode).toBe(414);
    const unknown = answerOf(await visit(first, 'nobody_has_this'));
    for (const name of names) {
      const response = await visit(first, name);
      expect([400, 404], name).toContain(response.statusCode);
      if (response.statusCode === 404) expect(answerOf(response), name).toEqual(unknown);
    }
  });

  it('refuses settings that are not a whole choice', async () => {
    const { account } = await registeredAccount(first);
    for (const body of [
      {},
      { enabled: 'yes', parts: ALL_OFF },
      { enabled: true },
      { enabled: true, parts: { totals: true } },
    ]) {
      const response = await call(first, account, 'PUT', '/api/users/public-profile', body);
      expect(response.statusCode).toBe(400);
    }
    const signedOut = await first.app.inject({ method: 'GET', url: '/api/users/public-profile' });
    expect(signedOut.statusCode).toBe(401);
  });
});
