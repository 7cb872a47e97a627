/**
 * Graceful shutdown of the real server process on SIGTERM, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL: requests in flight (some with their body still on the way) are answered in full, new
 * connections are refused, the process exits 0 within seconds, the database holds exactly the
 * answered writes; in local mode the Auth Emulator's accounts are exported and are there again after
 * a restart.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../src/auth/emulator';
import type { Engine } from '../src/db/client';
import { createUnmigratedTestDatabase, emulatorHost, engines, type TestDatabase } from './helpers';
import {
  api,
  type Entry,
  expectConsistentDatabase,
  identityCall,
  registerUser,
  type ServerProcess,
  sleep,
  startServer,
  stop,
  stopLeftoverServers,
  terminate,
  type User,
  waitFor,
} from './server-process';

afterAll(stopLeftoverServers, 60_000);

interface SlowPost {
  answer: Promise<{ status: number | undefined; connection: string | undefined; text: string }>;
  /** Sends the rest of the body. */
  finish: () => void;
}

/** A POST /api/pushups whose headers go out now and the rest of whose body only at finish(). */
function slowPost(server: ServerProcess, user: User, count: number, requestId: string): SlowPost {
  const body = JSON.stringify({ count });
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/pushups',
    // A keep-alive connection, as browsers and proxies use: it must not hold the exit up.
    agent: new http.Agent({ keepAlive: true }),
    headers: {
      authorization: `Bearer ${user.idToken}`,
      'x-timezone': user.timezone,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
    },
  });
  const answer = new Promise<{ status: number | undefined; connection: string | undefined; text: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode, connection: response.headers.connection, text }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    },
  );
  answer.catch(() => undefined); // awaited later; no unhandled rejection meanwhile
  request.flushHeaders();
  request.write(body.slice(0, 4));
  return { answer, finish: () => request.end(body.slice(4)) };
}

/** Whether a new TCP connection to the port is accepted now. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const SLOW = 5;
const BURST = 50;

describe.each(engines)('graceful shutdown on %s', (engine: Engine) => {
  // SQLite runs as `npm start` does, with its own emulator, to check the accounts' export too.
  const ownEmulator = engine === 'sqlite';
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it(ownEmulator
    ? 'SIGTERM answers the requests in flight, refuses new ones, exits 0 and keeps the emulator accounts'
    : 'SIGTERM answers the requests in flight, refuses new ones and exits 0', async () => {
    db = await createUnmigratedTestDatabase(engine);
    const authPort = ownEmulator ? await freePort() : undefined;
    const server = await startServer({
      db,
      logLevel: 'info',
      ...(authPort ? { ownEmulatorPort: authPort } : {}),
    });
    const host = authPort ? `127.0.0.1:${authPort}` : emulatorHost();
    const users = await Promise.all(
      Array.from({ length: SLOW }, (_, i) => registerUser(server, host, i, 'term')),
    );
    const before = await api(server, users[0] as User, 'POST', '/api/pushups', { count: 11 });
    expect(before.status, before.text).toBe(201);

    // Requests the server has started on (their headers are in; it logged them) with the body to come.
    const slow = users.map((user, i) => slowPost(server, user, 7, `slow-${i}`));
    /** Whether the server took the request: Fastify logs it before any hook runs. */
    const taken = (id: string) =>
      server
        .output()
        .split('\n')
        .some((line) => line.includes(`"reqId":"${id}"`) && line.includes('incoming request'));
    await waitFor('the slow requests to arrive', () => slow.every((_, i) => taken(`slow-${i}`)), 10_000);

    // 50 complete POSTs, and the SIGTERM right behind them.
    const burst = Array.from({ length: BURST }, (_, i) =>
      api(
        server,
        users[i % SLOW] as User,
        'POST',
        '/api/pushups',
        { count: 3 },
        { 'x-request-id': `burst-${i}` },
      ).catch((error: Error) => error),
    );
    await sleep(10);
    const termAt = Date.now();
    terminate(server);
    await waitFor('the server to log its shutdown', () => server.output().includes('shutting down'), 10_000);

    // No new connections while the slow requests are still running.
    await waitFor('new connections to be refused', async () => !(await connects(server.port)), 5000);
    expect(server.running()).toBe(true);

    for (const request of slow) request.finish();
    const slowAnswers = await Promise.all(slow.map((request) => request.answer));
    for (const answer of slowAnswers) {
      expect(answer.status, answer.text).toBe(201);
      expect(JSON.parse(answer.text)).toMatchObject({ count: 7 });
      expect(answer.connection).toBe('close');
    }
    const answeredAt = Date.now();

    // Each burst request was answered in full (201), refused while closing (503), or never taken
    // (its connection refused, or closed before the server read the request).
    const outcomes = await Promise.all(burst);
    let created = 0;
    let refused503 = 0;
    let notTaken = 0;
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome instanceof Error) {
        expect(taken(`burst-${i}`), `burst-${i} was taken but got no answer: ${outcome.cause}`).toBe(false);
        notTaken += 1;
        continue;
      }
      if (outcome.status === 503) {
        refused503 += 1;
        continue;
      }
      expect(outcome.status, outcome.text).toBe(201);
      expect(outcome.json<Entry>()).toMatchObject({ count: 3 });
      created += 1;
    }

    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(exit.at - answeredAt, 'time from the last answer to the exit').toBeLessThan(6000);

    // Exactly the answered writes are there: none lost, none written without its 201 getting out.
    const counted = await db.handle.db
      .selectFrom('pushups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(1 + SLOW + created);
    await expectConsistentDatabase(db);

    let accounts = 'shared emulator';
    if (authPort) {
      // The emulator exported its accounts on the way out; a restart imports them.
      expect(fs.existsSync(path.join(db.dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
      const restartPort = await freePort();
      const restarted = await startServer({ db, ownEmulatorPort: restartPort });
      for (const user of users) {
        const signedIn = await identityCall<{ idToken: string }>(
          `127.0.0.1:${restartPort}`,
          'signInWithPassword',
          {
            email: user.email,
            password: 'secret123',
            returnSecureToken: true,
          },
        );
        const again: User = { ...user, idToken: signedIn.idToken };
        const profile = await api(restarted, again, 'GET', '/api/users/profile');
        expect(profile.status, profile.text).toBe(200);
        expect(profile.json<{ username: string }>().username).toBe(user.username);
      }
      await stop(restarted);
      await waitFor('the emulator port to be free', () => isPortFree(restartPort), 40_000);
      accounts = `${users.length} accounts exported and signed in again after a restart`;
    }
    console.log(
      `[graceful shutdown, ${engine}] ${SLOW} requests in flight and ${BURST} more started at SIGTERM: ` +
        `${SLOW + created} answered 201, ${refused503} answered 503, ${notTaken} not taken; exit 0 ` +
        `${exit.at - termAt} ms after SIGTERM; ${accounts}`,
    );
  }, 300_000);
});
