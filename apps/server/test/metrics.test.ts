/**
 * /metrics (docs/operations.md, "Metrics"), on SQLite (and PostgreSQL in the full tier,
 * docs/testing.md "Engines"): the text is read by a strict reader of Prometheus' format
 * (prometheus-text.ts), and each counter moves by what the requests did: a request counts once
 * under its route's pattern, with its status and in its latency histogram; an entry, a repeat, a
 * conflict, an import, a cached read and each push's outcome count where they happen.
 */
import { randomUUID } from 'node:crypto';
import type { ReminderSettings } from '@pushup/shared';
import { addDays, dayInZone } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registeredAccount, ruleEngines, type TestServer } from './helpers';
import { type Family, parsePrometheusText, valueAt } from './prometheus-text';
import { deviceBody, type PushService, startPushService, startStubPushService } from './push-service';
import { body, call } from './reminders-helpers';
import { waitFor } from './server-process';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

async function scrape(server: TestServer): Promise<Map<string, Family>> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(response.body);
}

describe('the strict reader of the text format', () => {
  it('reads a well-formed exposition', () => {
    const families = parsePrometheusText(
      [
        '# HELP a_total Things, with a \\\\ and a \\n.',
        '# TYPE a_total counter',
        'a_total{kind="x\\"y",route="/api/:id"} 3',
        '# TYPE h histogram',
        'h_bucket{le="0.1"} 1',
        'h_bucket{le="+Inf"} 2',
        'h_sum 0.3',
        'h_count 2',
        '',
      ].join('\n'),
    );
    expect(valueAt(families, 'a_total', { kind: 'x"y' })).toBe(3);
    expect(families.get('a_total')?.help).toBe('Things, with a \\ and a \n.');
    expect(valueAt(families, 'h_count')).toBe(2);
  });

  it.each([
    ['a sample without a TYPE', 'a 1\n'],
    ['a bad value', '# TYPE a gauge\na one\n'],
    ['an unquoted label', '# TYPE a gauge\na{b=c} 1\n'],
    ['a bad label name', '# TYPE a gauge\na{1b="c"} 1\n'],
    ['a series twice', '# TYPE a gauge\na{b="c"} 1\na{b="c"} 2\n'],
    ['a TYPE twice', '# TYPE a gauge\n# TYPE a counter\n'],
    ['an unknown type', '# TYPE a meter\n'],
    ['a bad escape', '# TYPE a gauge\na{b="\\x"} 1\n'],
    ['a family split in two', '# TYPE a gauge\n# TYPE b gauge\na 1\nb 1\na{c="d"} 1\n'],
    ['no final line break', '# TYPE a gauge\na 1'],
    [
      'buckets that are not cumulative',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
    ],
    [
      'a +Inf bucket that is not the count',
      '# TYPE h histogram\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 2\n',
    ],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});

describe.each(ruleEngines)('metrics on %s', (engine) => {
  let server: TestServer;
  let push: PushService;

  beforeAll(async () => {
    [server, push] = await Promise.all([
      createTestServer(engine, { env: { METRICS_TOKEN: TOKEN } }),
      startPushService(),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('counts a request once under its route pattern and status, in its latency histogram too', async () => {
    const { account } = await registeredAccount(server);
    const route = { method: 'POST', route: '/api/pushups', status: '201' };
    const before = await scrape(server);
    body(await call(server, account, 'POST', '/api/pushups', { count: 12 }), 201);
    const after = await scrape(server);
    expect(valueAt(after, 'pushup_http_requests_total', route)).toBe(
      valueAt(before, 'pushup_http_requests_total', route) + 1,
    );
    expect(valueAt(after, 'pushup_http_request_duration_seconds_count', route)).toBe(
      valueAt(before, 'pushup_http_request_duration_seconds_count', route) + 1,
    );
    expect(valueAt(after, 'pushup_http_request_duration_seconds_sum', route)).toBeGreaterThan(
      valueAt(before, 'pushup_http_request_duration_seconds_sum', route),
    );
    expect(valueAt(after, 'pushup_entries_logged_total', { source: 'log' })).toBe(
      valueAt(before, 'pushup_entries_logged_total', { source: 'log' }) + 1,
    );
  });

  it('labels a request by its route pattern, never by the ids in its URL, and a 404 by its status', async () => {
    const { account } = await registeredAccount(server);
    const groupId = randomUUID();
    const unknownPath = `/no-such-page-${randomUUID()}`;
    const before = await scrape(server);
    expect((await call(server, account, 'GET', `/api/groups/${groupId}/challenges`)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: unknownPath })).statusCode).toBe(404);
    const text = (
      await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).body;
    const after = parsePrometheusText(text);
    const group = { method: 'GET', route: '/api/groups/:id/challenges', status: '404' };
    expect(valueAt(after, 'pushup_http_requests_total', group)).toBe(
      valueAt(before, 'pushup_http_requests_total', group) + 1,
    );
    const unmatched = { method: 'POST', route: 'unmatched', status: '404' };
    expect(valueAt(after, 'pushup_http_requests_total', unmatched)).toBe(
      valueAt(before, 'pushup_http_requests_total', unmatched) + 1,
    );
    expect(text).not.toContain(groupId);
    expect(text).not.toContain(unknownPath);
  });

  it('counts a repeated entry as a repeat and a changed one as a sync conflict, neither as an entry', async () => {
    const { account } = await registeredAccount(server);
    const uuid = randomUUID();
    body(await call(server, account, 'POST', '/api/pushups', { uuid, count: 5 }), 201);
    const before = await scrape(server);
    body(await call(server, account, 'POST', '/api/pushups', { uuid, count: 5 }), 201);
    expect((await call(server, account, 'POST', '/api/pushups', { uuid, count: 6 })).statusCode).toBe(409);
    const other = await registeredAccount(server);
    expect((await call(server, other.account, 'POST', '/api/pushups', { uuid, count: 5 })).statusCode).toBe(
      409,
    );
    const after = await scrape(server);
    const moved = (name: string, labels: Record<string, string>) =>
      valueAt(after, name, labels) - valueAt(before, name, labels);
    expect(moved('pushup_entry_repeats_total', { source: 'log' })).toBe(1);
    expect(moved('pushup_entry_conflicts_total', { source: 'log', reason: 'changed' })).toBe(1);
    expect(moved('pushup_entry_conflicts_total', { source: 'log', reason: 'id_in_use' })).toBe(1);
    expect(moved('pushup_entries_logged_total', { source: 'log' })).toBe(0);
  });

  it('counts a committed import and its entries; a preview is no import', async () => {
    const { account } = await registeredAccount(server);
    const yesterday = addDays(dayInZone(new Date(), 'UTC'), -1);
    const csv = `date,count\n${addDays(yesterday, -2)},10\n${addDays(yesterday, -1)},11\n${yesterday},12\n`;
    const before = await scrape(server);
    body(await call(server, account, 'POST', '/api/pushups/import/preview', { csv }, 'UTC'), 200);
    body(await call(server, account, 'POST', '/api/pushups/import', { csv }, 'UTC'), 200);
    const after = await scrape(server);
    expect(valueAt(after, 'pushup_imports_total') - valueAt(before, 'pushup_imports_total')).toBe(1);
    expect(
      valueAt(after, 'pushup_imported_entries_total') - valueAt(before, 'pushup_imported_entries_total'),
    ).toBe(3);
  });

  it("counts the leaderboard cache's miss, then its hit", async () => {
    const { account } = await registeredAccount(server);
    const cache = { cache: 'leaderboard_top' };
    // A write ends every short-lived value of the process: the next read computes, the one after reuses.
    body(await call(server, account, 'POST', '/api/pushups', { count: 3 }), 201);
    const before = await scrape(server);
    body(await call(server, account, 'GET', '/api/pushups/leaderboard'), 200);
    body(await call(server, account, 'GET', '/api/pushups/leaderboard'), 200);
    const after = await scrape(server);
    expect(
      valueAt(after, 'pushup_cache_misses_total', cache) -
        valueAt(before, 'pushup_cache_misses_total', cache),
    ).toBe(1);
    expect(
      valueAt(after, 'pushup_cache_hits_total', cache) - valueAt(before, 'pushup_cache_hits_total', cache),
    ).toBe(1);
    // Every cache is listed from the start, so that a hit ratio is defined before its first read.
    for (const name of [
      'leaderboard_top',
      'group_members',
      'group_member_sums',
      'group_member_days',
      'group_achievements',
      'history_facts',
      'challenge_states',
      'challenge_windows',
    ]) {
      expect(after.get('pushup_cache_hits_total')?.samples.some((s) => s.labels.cache === name)).toBe(true);
    }
  });

  it('counts each push by its outcome, and forgets a device its push service no longer knows', async () => {
    const stub = await startStubPushService();
    try {
      const { account } = await registeredAccount(server);
      const settings = body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200);
      const key = settings.vapidPublicKey as string;
      const delivered = await push.subscribe(key);
      const { keys } = await push.subscribe(key);
      for (const endpoint of [delivered.endpoint, `${stub.url}/500/a`, `${stub.url}/410/a`]) {
        body(
          await call(server, account, 'POST', '/api/reminders/devices', {
            ...deviceBody(delivered),
            endpoint,
            ...(endpoint === delivered.endpoint ? {} : { keys }),
          }),
          201,
        );
      }
      const before = await scrape(server);
      expect((await call(server, account, 'POST', '/api/reminders/test')).statusCode).toBe(204);
      const moved = async (name: string, labels: Record<string, string>) =>
        valueAt(await scrape(server), name, labels) - valueAt(before, name, labels);
      // The three pushes go out side by side: the device that is gone can be removed before the
      // delivered push is counted.
      const counted = async (outcome: string) =>
        (await moved('pushup_pushes_total', { kind: 'reminder', outcome })) >= 1;
      await waitFor(
        'the three pushes',
        async () =>
          (await moved('pushup_push_devices_removed_total', { reason: 'gone' })) === 1 &&
          (await counted('delivered')) &&
          (await counted('failed')) &&
          (await counted('gone')),
        10_000,
      );
      expect(await moved('pushup_pushes_total', { kind: 'reminder', outcome: 'delivered' })).toBe(1);
      expect(await moved('pushup_pushes_total', { kind: 'reminder', outcome: 'failed' })).toBe(1);
      expect(await moved('pushup_pushes_total', { kind: 'reminder', outcome: 'gone' })).toBe(1);
    } finally {
      await stub.close();
    }
  });

  it('counts the reminder loop by outcome and says when it last got through', async () => {
    const before = await scrape(server);
    await server.app.reminderScheduler.tick();
    const after = await scrape(server);
    expect(
      valueAt(after, 'pushup_reminder_ticks_total', { outcome: 'ok' }) -
        valueAt(before, 'pushup_reminder_ticks_total', { outcome: 'ok' }),
    ).toBe(1);
    expect(valueAt(after, 'pushup_reminder_last_tick_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  it("shows the database's use and Node's event-loop delay", async () => {
    const families = await scrape(server);
    expect(families.get('pushup_db_transactions_in_flight')?.type).toBe('gauge');
    expect(valueAt(families, 'pushup_db_transactions_in_flight')).toBe(0);
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
    expect(valueAt(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    if (engine === 'postgres') {
      expect(valueAt(families, 'pushup_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(families.get('pushup_db_pool_waiting')?.type).toBe('gauge');
    } else {
      // SQLite has its two connections and no pool: its queue is the transactions in flight.
      expect(families.has('pushup_db_pool_connections')).toBe(false);
    }
  });
});
