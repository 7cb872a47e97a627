import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimezone } from '../src/auth/context';
import type { IdentityProvider } from '../src/auth/identity';
import { createTestServer, type TestServer } from './helpers';

describe('unexpected errors', () => {
  let server: TestServer;
  const failing: IdentityProvider = {
    verifyIdToken: async () => {
      throw new Error('secret internal detail');
    },
    deleteUser: async () => undefined,
    reachable: async () => undefined,
    setDisabled: async () => undefined,
    unconfirmedSignUps: async () => new Set(),
  };
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await createTestServer('sqlite', { identity: failing, logLines });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 500 with a generic message and the request id, never the error itself', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: 'Bearer x', 'x-request-id': 'req-42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Internal server error',
      code: 'INTERNAL',
      requestId: 'req-42',
    });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('logs the failure with its stack under the same request id, so a report can be traced', async () => {
    await server.app.inject({
      method: 'GET',
      url: '/api/pushups',
      headers: { authorization: 'Bearer x', 'x-request-id': 'req-43' },
    });
    const logged = logLines
      .map(
        (line) =>
          JSON.parse(line) as {
            reqId?: string;
            level: number;
            msg: string;
            err?: { message: string; stack: string };
          },
      )
      .filter((entry) => entry.reqId === 'req-43' && entry.level >= 50);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe('request failed');
    expect(logged[0]?.err?.message).toBe('secret internal detail');
    expect(logged[0]?.err?.stack).toContain('errors.test.ts');
  });
});

describe('X-Timezone', () => {
  it('keeps a real IANA zone and falls back to UTC otherwise', () => {
    expect(parseTimezone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(parseTimezone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(parseTimezone('Mars/Olympus')).toBe('UTC');
    expect(parseTimezone(undefined)).toBe('UTC');
    expect(parseTimezone(['Europe/Berlin'])).toBe('UTC');
  });
});
