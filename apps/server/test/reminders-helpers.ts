/**
 * Shared setup of the reminders tests (docs/product.md, "Reminders"): a clock the test moves, the
 * payload a reminder carries, calls in the caller's zone, and the report of a tick.
 */
import { expect } from 'vitest';
import type { TickReport } from '../src/services/reminders/due-reminders';
import type { Reply } from './groups-helpers';
import { bearer, type TestAccount, type TestServer } from './helpers';

export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** A clock the test sets (milliseconds since the epoch). */
export function manualClock(start: string) {
  let now = Date.parse(start);
  return {
    now: () => now,
    set(instant: string) {
      now = Date.parse(instant);
    },
  };
}

export const EXPECTED_PAYLOAD = {
  title: 'Pushup Tracker',
  body: 'Time for your push-ups',
  url: '/',
  tag: 'daily-reminder',
};

export function call(
  server: TestServer,
  who: TestAccount,
  method: Method,
  url: string,
  payload?: unknown,
  timezone = 'Europe/Berlin',
): Promise<Reply> {
  return server.app.inject({
    method,
    url,
    headers: { ...bearer(who), 'x-timezone': timezone },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function body<T>(response: Reply, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** An empty report, to compare a tick's with. */
export function report(
  changes: Partial<Omit<TickReport, 'skipped' | 'pushes'>> & {
    skipped?: Partial<TickReport['skipped']>;
    pushes?: Partial<TickReport['pushes']>;
  },
): TickReport {
  return {
    due: changes.due ?? 0,
    sent: changes.sent ?? 0,
    skipped: { logged: 0, noDevice: 0, late: 0, claimedElsewhere: 0, ...changes.skipped },
    pushes: { delivered: 0, gone: 0, failed: 0, ...changes.pushes },
  };
}
