/**
 * Liveness and readiness (docs/operations.md, "Health"), on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL: GET /api/health/ready is 200 while the database and the identity service (here the
 * Auth Emulator) answer, and 503 naming the part that failed when one does not, or from the moment
 * the shutdown begins; GET /api/health stays what it was: the database alone.
 */
import { healthCalls, type Readiness } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProvider } from '../src/auth/identity';
import { createFirebaseIdentity } from '../src/auth/identity';
import {
  createTestDatabase,
  createTestServer,
  emulatorHost,
  engines,
  PROJECT_ID,
  type TestServer,
} from './helpers';
import { closedPort } from './push-service';

const READY: Readiness = { status: 'ok', database: 'ok', identity: 'ok', shuttingDown: false };

const get = (server: TestServer, url: string) => server.app.inject({ method: 'GET', url });

describe.each(engines)('health on %s', (engine) => {
  describe('with everything answering', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(engine);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('is ready, and alive', async () => {
      const ready = await get(server, healthCalls.ready.path);
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual(READY);
      const alive = await get(server, healthCalls.check.path);
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok', database: 'ok' });
    });

    it('is 503 from the moment the shutdown begins, while still alive', async () => {
      server.app.health.beginShutdown();
      const ready = await get(server, healthCalls.ready.path);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ...READY, status: 'error', shuttingDown: true });
      expect((await get(server, healthCalls.check.path)).statusCode).toBe(200);
    });
  });

  it('begins the shutdown when the app starts to close', async () => {
    const server = await createTestServer(engine);
    try {
      expect((await server.app.health.ready()).readiness.shuttingDown).toBe(false);
      await server.app.close();
      expect((await server.app.health.ready()).readiness).toEqual({
        ...READY,
        status: 'error',
        shuttingDown: true,
      });
    } finally {
      await server.close();
    }
  });

  it('is 503 naming the database when the database is gone, and so is liveness', async () => {
    const db = await createTestDatabase(engine);
    const server = await createTestServer(engine, { db });
    try {
      expect((await get(server, healthCalls.ready.path)).statusCode).toBe(200);
      await db.handle.close();
      const ready = await get(server, healthCalls.ready.path);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ...READY, status: 'error', database: 'error' });
      const alive = await get(server, healthCalls.check.path);
      expect(alive.statusCode).toBe(503);
      expect(alive.json()).toEqual({ status: 'error', database: 'error' });
    } finally {
      await server.close();
      await db.drop();
    }
  });

  it('is 503 naming the identity service when it does not answer; liveness stays 200', async () => {
    const real = createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() });
    let reachable = false;
    const identity: IdentityProvider = {
      verifyIdToken: (token) => real.verifyIdToken(token),
      deleteUser: (uid) => real.deleteUser(uid),
      setDisabled: (uid, disabled) => real.setDisabled(uid, disabled),
      unconfirmedSignUps: (emails) => real.unconfirmedSignUps(emails),
      reachable: async () => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
      },
    };
    const server = await createTestServer(engine, { identity });
    try {
      const ready = await get(server, healthCalls.ready.path);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ...READY, status: 'error', identity: 'error' });
      expect((await get(server, healthCalls.check.path)).statusCode).toBe(200);
      // The answer is kept a few seconds (probes come often); the next check after that is ready.
      reachable = true;
      expect((await get(server, healthCalls.ready.path)).statusCode).toBe(503);
    } finally {
      await server.close();
    }
  });
});

describe("the identity service's check", () => {
  it('resolves against the running Auth Emulator and rejects for a port where none listens', async () => {
    await expect(
      createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() }).reachable(),
    ).resolves.toBeUndefined();
    // firebase-admin reads the emulator's address from the environment: put back what the suite uses.
    const used = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      const dead = createFirebaseIdentity({
        projectId: `${PROJECT_ID}-dead`,
        emulatorHost: `127.0.0.1:${await closedPort()}`,
      });
      await expect(dead.reachable()).rejects.toThrow();
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = used;
    }
  });
});
