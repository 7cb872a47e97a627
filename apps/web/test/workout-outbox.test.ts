import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-wiring';
import { localDb } from '@/lib/offline/local-db';
import { addToOutbox, editOutboxEntry, flushOutbox, listOutbox } from '@/lib/offline/outbox';
import { withWaitingEntries } from '@/lib/offline/use-outbox';

// A plan's workout in the outbox (docs/product.md, "Training plans"), with the server played by a
// stubbed fetch; the real server and browser are in e2e/tests/plan-workout.spec.ts.

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

let sent: Sent[] = [];
let answer: (request: Sent) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const sum = (sets: number[]) => sets.reduce((total, reps) => total + reps, 0);

/** The server's answer to POST /api/workouts: the entry holds the sets' total. */
function finished(request: Sent): Response {
  const body = request.body as { id: string; session: number; sets: number[]; date: string };
  const day = '2026-11-24';
  return json(201, {
    entry: { uuid: body.id, count: sum(body.sets), date: body.date, day },
    workout: {
      id: body.id,
      session: body.session,
      day,
      sets: body.sets,
      targets: body.sets,
      total: sum(body.sets),
    },
    outcome: { kind: 'done', session: body.session, day },
    progress: { position: body.session + 1, level: 1, status: 'active', pauses: [], lastOutcome: null },
  });
}

beforeEach(async () => {
  sent = [];
  configureApiClient({ getToken: async () => 'token', onSessionEnded: () => {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
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

const workout = (sets: number[]) => ({
  count: sum(sets),
  date: '2026-11-24T10:00:00.000Z',
  day: '2026-11-24',
  workout: { session: 4, sets },
});

describe('a workout in the outbox', () => {
  it('counts in the day sums at once, while it waits', async () => {
    await addToOutbox('u1', workout([12, 10, 8, 8, 15]));
    const local = await listOutbox('u1');
    expect(withWaitingEntries([{ day: '2026-11-24', total: 20 }], local)).toEqual([
      { day: '2026-11-24', total: 73 },
    ]);
  });

  it('is sent once as POST /api/workouts with the entry’s uuid as its id, and forgotten', async () => {
    const kept = await addToOutbox('u1', workout([12, 10, 8, 8, 15]));
    answer = finished;

    const outcomes = await flushOutbox('u1');
    await flushOutbox('u1');

    expect(sent.map((request) => [request.method, request.url, request.body])).toEqual([
      [
        'POST',
        '/api/workouts',
        { id: kept.uuid, session: 4, sets: [12, 10, 8, 8, 15], date: '2026-11-24T10:00:00.000Z' },
      ],
    ]);
    expect(outcomes.get(kept.uuid)).toMatchObject({ kind: 'sent', entry: { uuid: kept.uuid, count: 53 } });
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('is sent again with the same body after a lost answer, so the server keeps it once', async () => {
    const kept = await addToOutbox('u1', workout([5, 5]));
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await flushOutbox('u1');
    expect((await listOutbox('u1'))[0]).toMatchObject({ uuid: kept.uuid, maybeSent: true });

    answer = finished;
    await flushOutbox('u1');

    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('sends a count changed on the device after the workout as the entry’s change', async () => {
    const kept = await addToOutbox('u1', workout([5, 5]));
    await editOutboxEntry('u1', kept.uuid, { count: 12 });
    answer = (request) =>
      request.url === '/api/workouts'
        ? finished(request)
        : json(200, { uuid: kept.uuid, count: 12, date: kept.date, day: kept.day });

    await flushOutbox('u1');

    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/workouts'],
      ['PATCH', `/api/pushups/${kept.uuid}`],
    ]);
    expect(sent[1]?.body).toEqual({ count: 12, date: kept.date });
  });

  it('keeps a refused workout with the server’s reason (the plan moved on elsewhere)', async () => {
    await addToOutbox('u1', workout([5, 5]));
    answer = () => json(409, { error: 'Conflict', code: 'CONFLICT', message: 'Not the plan’s next session' });

    const outcomes = await flushOutbox('u1');

    expect([...outcomes.values()][0]?.kind).toBe('refused');
    expect((await listOutbox('u1'))[0]?.refusal).toMatchObject({ code: 'CONFLICT' });
  });
});
