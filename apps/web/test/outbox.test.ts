import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-wiring';
import { localDb } from '@/lib/offline/local-db';
import {
  addToOutbox,
  editOutboxEntry,
  flushOutbox,
  listOutbox,
  removeFromOutbox,
} from '@/lib/offline/outbox';
import { tokenExpiry } from '@/lib/offline/stored-session';
import { mergeEntries, withWaitingEntries } from '@/lib/offline/use-outbox';

// The outbox's decisions, with the server played by a stubbed fetch (the real server and browser
// are in e2e/tests/offline.spec.ts).

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let sent: Sent[] = [];
let answer: (request: Sent) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  sent = [];
  configureApiClient({ getToken: async () => 'token', onSessionEnded: () => {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    return answer(request);
  });
  const db = await localDb();
  await db.clear('outbox');
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient(null);
});

const entry = (count: number) => ({ count, date: '2026-11-24T10:00:00.000Z', day: '2026-11-24' });

describe('flushOutbox', () => {
  it('sends the entries oldest first with their device id, and forgets each one the server has', async () => {
    const first = await addToOutbox('u1', entry(10));
    const second = await addToOutbox('u1', entry(20));
    await addToOutbox('u2', entry(99));
    answer = (request) => json(201, { ...(request.body as object), day: '2026-11-24' });

    const outcomes = await flushOutbox('u1');

    expect(sent.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/pushups', { uuid: first.uuid, count: 10, date: first.date }],
      ['POST', '/api/pushups', { uuid: second.uuid, count: 20, date: second.date }],
    ]);
    expect([...outcomes.values()].map((outcome) => outcome.kind)).toEqual(['sent', 'sent']);
    expect(await listOutbox('u1')).toEqual([]);
    expect(await listOutbox('u2')).toHaveLength(1);
  });

  it('stops at the first entry that cannot go now and keeps it and the later ones, marked as maybe sent', async () => {
    await addToOutbox('u1', entry(10));
    await addToOutbox('u1', entry(20));
    answer = () => {
      throw new TypeError('Failed to fetch');
    };

    const outcomes = await flushOutbox('u1');

    expect(sent).toHaveLength(1);
    expect([...outcomes.values()].map((outcome) => outcome.kind)).toEqual(['later']);
    const left = await listOutbox('u1');
    expect(left.map((item) => [item.count, item.maybeSent])).toEqual([
      [10, true],
      [20, false],
    ]);
  });

  it('keeps a refused entry with the server’s reason and goes on with the next', async () => {
    await addToOutbox('u1', entry(900));
    await addToOutbox('u1', entry(5));
    answer = (request) =>
      (request.body as { count: number }).count === 900
        ? json(400, { message: 'You can log at most 1,500 push-ups a day', code: 'VALIDATION_ERROR' })
        : json(201, { ...(request.body as object), day: '2026-11-24' });

    await flushOutbox('u1');

    const left = await listOutbox('u1');
    expect(left.map((item) => [item.count, item.refusal, item.maybeSent])).toEqual([
      [900, { message: 'You can log at most 1,500 push-ups a day', code: 'VALIDATION_ERROR' }, false],
    ]);
    // A refused entry waits for the user: the next flush does not send it again.
    sent = [];
    await flushOutbox('u1');
    expect(sent).toEqual([]);
    // Fixed, it goes again.
    await editOutboxEntry('u1', left[0]?.uuid ?? '', { count: 400 });
    await flushOutbox('u1');
    expect(sent.map((request) => (request.body as { count: number }).count)).toEqual([400]);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('changes the server’s copy when an earlier version arrived (409 ENTRY_CONFLICT, then PATCH)', async () => {
    const waiting = await addToOutbox('u1', entry(10));
    answer = (request) =>
      request.method === 'POST'
        ? json(409, {
            message: 'This entry was already logged with a different count or date',
            code: 'ENTRY_CONFLICT',
          })
        : json(200, { uuid: waiting.uuid, count: 12, date: waiting.date, day: '2026-11-24' });

    await flushOutbox('u1');

    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/pushups'],
      ['PATCH', `/api/pushups/${waiting.uuid}`],
    ]);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('keeps an entry changed on the device while it was on its way, to send the change', async () => {
    const waiting = await addToOutbox('u1', entry(10));
    answer = async (request) => {
      await editOutboxEntry('u1', waiting.uuid, { count: 11 });
      return json(201, { ...(request.body as object), day: '2026-11-24' });
    };

    await flushOutbox('u1');

    expect((await listOutbox('u1')).map((item) => item.count)).toEqual([11]);
  });

  it('deletes on the device an entry never sent, and on the server one that may be there (a 404 counts as done)', async () => {
    const never = await addToOutbox('u1', entry(10));
    expect(await removeFromOutbox('u1', never.uuid)).toBe(true);
    expect(await listOutbox('u1')).toEqual([]);

    const maybe = await addToOutbox('u1', entry(20));
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await flushOutbox('u1');
    await removeFromOutbox('u1', maybe.uuid);
    expect((await listOutbox('u1')).map((item) => item.deleted)).toEqual([true]);

    sent = [];
    answer = () => json(404, { message: 'Pushup entry not found', code: 'NOT_FOUND' });
    await flushOutbox('u1');
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['DELETE', `/api/pushups/${maybe.uuid}`],
    ]);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('never touches another user’s entry', async () => {
    const theirs = await addToOutbox('u2', entry(10));
    expect(await editOutboxEntry('u1', theirs.uuid, { count: 1 })).toBe(false);
    expect(await removeFromOutbox('u1', theirs.uuid)).toBe(false);
    expect((await listOutbox('u2')).map((item) => item.count)).toEqual([10]);
  });
});

describe('what the screens count', () => {
  const local = (uuid: string, count: number, extra: object = {}) => ({
    uuid,
    uid: 'u1',
    count,
    date: '2026-11-24T10:00:00.000Z',
    day: '2026-11-24',
    createdAt: 1,
    version: 1,
    maybeSent: false,
    deleted: false,
    refusal: null,
    ...extra,
  });

  it('adds waiting entries to their day, but not refused or deleted ones', () => {
    const daily = [
      { day: '2026-11-23', total: 5 },
      { day: '2026-11-24', total: 25 },
    ];
    expect(
      withWaitingEntries(daily, [
        local('a', 10),
        local('b', 7, { day: '2026-11-25' }),
        local('c', 500, { refusal: { message: 'no', code: 'VALIDATION_ERROR' } }),
        local('d', 3, { deleted: true }),
      ]),
    ).toEqual([
      { day: '2026-11-23', total: 5 },
      { day: '2026-11-24', total: 35 },
      { day: '2026-11-25', total: 7 },
    ]);
  });

  it('shows the device’s version of an entry instead of the server’s, and leaves out one deleted here', () => {
    const server = [
      { uuid: 'a', count: 10, date: '2026-11-24T10:00:00.000Z', day: '2026-11-24' },
      { uuid: 'b', count: 20, date: '2026-11-24T11:00:00.000Z', day: '2026-11-24' },
      { uuid: 'c', count: 30, date: '2026-11-24T12:00:00.000Z', day: '2026-11-24' },
    ];
    const merged = mergeEntries(server, [local('a', 12), local('b', 20, { deleted: true }), local('d', 4)]);
    expect(merged.map((item) => [item.uuid, item.count, item.sync])).toEqual([
      ['c', 30, undefined],
      ['a', 12, 'waiting'],
      ['d', 4, 'waiting'],
    ]);
  });

  it('reads when a token expires from its exp claim', () => {
    const payload = btoa(JSON.stringify({ exp: 1_800_000_000 })).replace(/=+$/, '');
    expect(tokenExpiry(`header.${payload}.signature`)).toBe(1_800_000_000_000);
    expect(tokenExpiry('not a token')).toBe(0);
  });
});
