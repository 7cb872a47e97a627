/**
 * Reliability of the real server process (`tsx src/main.ts`), on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL:
 *
 * - Crash safety: 50 clients log, edit and delete entries while the server is killed with SIGKILL
 *   (its whole process group, as a crash or the OOM killer would). After a restart on the same
 *   data every write that was answered 2xx is there exactly as answered, nothing unanswered landed
 *   beyond what the killed requests could have done, and every running total and rank band agrees
 *   with the entries.
 * - Graceful shutdown on SIGTERM: requests in flight (some with their body still on the way) are
 *   answered in full, new connections are refused, the process exits 0 within seconds, the
 *   database holds exactly the answered writes; in local mode the Auth Emulator's accounts are
 *   exported and are there again after a restart.
 *
 * The servers use the run's shared Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST) so a restart takes
 * seconds; only the local-mode shutdown test starts the server's own emulator, as `npm start` does.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../src/auth/emulator';
import { SERVER_ROOT } from '../src/config/paths';
import type { Engine } from '../src/db/client';
import { usersPerBucket } from '../src/db/rank-buckets';
import { createUnmigratedTestDatabase, emulatorHost, engines, type TestDatabase } from './helpers';

const TSX = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');
const API_KEY = 'demo-api-key';
const DAY_MS = 86_400_000;
const ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Berlin'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server process

interface ServerProcess {
  /** tsx, which runs the server in a child node process. */
  child: ChildProcess;
  /** The server: tsx's node child. */
  pid: number;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  running: () => boolean;
}

const started: ServerProcess[] = [];
/** Ports of the emulators the servers started themselves. */
const ownEmulatorPorts: number[] = [];

interface ServerOptions {
  db: TestDatabase;
  /** The port of the server's own Auth Emulator (local mode as `npm start`); else the shared one. */
  ownEmulatorPort?: number;
  logLevel?: string;
}

/** `tsx src/main.ts` in its own process group (tsx runs the server in a child node process). */
async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PGOPTIONS', 'FIREBASE_AUTH_EMULATOR_HOST', 'NODE_ENV'])
    delete env[name];
  Object.assign(env, options.db.env, {
    PORT: String(port),
    INVITE_ONLY: 'false',
    // 50 clients from one address are not the abuse the limits are for.
    RATE_LIMITS: 'false',
    LOG_LEVEL: options.logLevel ?? 'warn',
  });
  if (options.ownEmulatorPort) {
    env.AUTH_EMULATOR_PORT = String(options.ownEmulatorPort);
    ownEmulatorPorts.push(options.ownEmulatorPort);
  } else {
    env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
    env.AUTH_EMULATOR_PORT = emulatorHost().split(':')[1];
  }
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: SERVER_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const server: ServerProcess = {
    child,
    pid: 0,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    running: () => !done,
  };
  started.push(server);
  // Generous: with its own emulator, a start takes a minute on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) {
        await response.body?.cancel();
        server.pid = Number(
          execFileSync('pgrep', ['-P', String(child.pid)])
            .toString()
            .trim()
            .split('\n')[0],
        );
        return server;
      }
    } catch {
      // not listening yet
    }
    if (!server.running() || Date.now() > deadline) {
      throw new Error(`the server on port ${port} did not start:\n${output}`);
    }
    await sleep(200);
  }
}

/** True while any process of the group is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The crash: SIGKILL to every process of the server's group (tsx and the server under it). */
async function crash(server: ServerProcess): Promise<void> {
  const pid = server.child.pid as number;
  process.kill(-pid, 'SIGKILL');
  await server.exited;
  const deadline = Date.now() + 5000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  expect(groupAlive(pid), 'a process of the killed server is still alive').toBe(false);
}

/**
 * SIGTERM to the server process itself. Not to tsx: tsx relays a signal and SIGKILLs its child
 * unless the child confirms it within 30 ms, which a server busy with writes often cannot (its event
 * loop waits for SQLite's fsync), so through tsx a SIGTERM under load is a crash.
 */
function terminate(server: ServerProcess): void {
  process.kill(server.pid, 'SIGTERM');
}

async function stop(server: ServerProcess): Promise<void> {
  if (!server.running()) return;
  terminate(server);
  const { code } = await server.exited;
  expect(code, server.output()).toBe(0);
}

afterAll(async () => {
  // Whatever a failed test left running: its whole group, so no server outlives the run. A server's
  // own emulator is then stopped by its watchdog (the server's pipe closed); wait until it is gone.
  for (const server of started) {
    const pid = server.child.pid;
    if (pid !== undefined && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
  for (const port of ownEmulatorPorts) {
    const deadline = Date.now() + 40_000;
    while (!(await isPortFree(port)) && Date.now() < deadline) await sleep(250);
  }
}, 60_000);

// ---------------------------------------------------------------------------------------------
// Accounts and calls

interface User {
  index: number;
  uid: string;
  email: string;
  idToken: string;
  username: string;
  timezone: string;
}

async function identityCall<T>(host: string, method: string, body: unknown): Promise<T> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`accounts:${method} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** An account in the emulator at `host` and its profile through the API. */
async function registerUser(server: ServerProcess, host: string, index: number, tag: string): Promise<User> {
  const email = `${tag}-${index}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const account = await identityCall<{ localId: string; idToken: string }>(host, 'signUp', {
    email,
    password: 'secret123',
    returnSecureToken: true,
  });
  const username = `${tag}${index}${Math.random().toString(36).slice(2, 6)}`;
  const user: User = {
    index,
    uid: account.localId,
    email,
    idToken: account.idToken,
    username,
    timezone: ZONES[index % ZONES.length] as string,
  };
  const response = await api(server, user, 'POST', '/api/users', { username });
  if (response.status !== 201)
    throw new Error(`POST /api/users answered ${response.status}: ${response.text}`);
  return user;
}

interface Answer {
  status: number;
  text: string;
  json: <T>() => T;
}

async function api(
  server: ServerProcess,
  user: User,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${user.idToken}`,
      'x-timezone': user.timezone,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}

interface Entry {
  uuid: string;
  count: number;
  date: string;
  day: string;
}

// ---------------------------------------------------------------------------------------------
// Consistency of what the database holds

/**
 * Straight from the database: every running total equals the sum of its user's entries (a user
 * without entries has no total or 0), the rank bands count exactly the users per band of totals,
 * and on SQLite the file passes integrity_check.
 */
async function expectConsistentDatabase(db: TestDatabase): Promise<void> {
  const kysely = db.handle.db;
  const sums = await kysely
    .selectFrom('pushups')
    .select((eb) => ['user_uuid', eb.fn.sum<number | string>('count').as('sum')])
    .groupBy('user_uuid')
    .execute();
  const totals = await kysely.selectFrom('user_totals').select(['user_uuid', 'total']).execute();
  const sumOf = new Map(sums.map((row) => [row.user_uuid, Number(row.sum)]));
  const totalOf = new Map(totals.map((row) => [row.user_uuid, Number(row.total)]));
  for (const uuid of new Set([...sumOf.keys(), ...totalOf.keys()])) {
    expect(totalOf.get(uuid) ?? 0, `running total of user ${uuid}`).toBe(sumOf.get(uuid) ?? 0);
  }
  const bands = await kysely
    .selectFrom('rank_buckets')
    .select(['bucket', 'users'])
    .orderBy('bucket')
    .execute();
  const expected = usersPerBucket(totals.map((row) => ({ total: Number(row.total), users: 1 })));
  const stored = new Array<number>(expected.length).fill(0);
  for (const band of bands) stored[band.bucket] = Number(band.users);
  expect(stored, 'users per rank band').toEqual(expected);
  if (db.handle.engine === 'sqlite') {
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(kysely);
    expect(check.rows.map((row) => row.integrity_check)).toEqual(['ok']);
  }
}

// ---------------------------------------------------------------------------------------------
// Crash safety

const USERS = 10;
const CLIENTS = 50;
/** Acknowledged writes before the kill. */
const ACKED_BEFORE_KILL = 300;

/** An entry as its client last saw it answered, plus the one unanswered change the kill may have cut. */
interface Tracked extends Entry {
  deleted: boolean;
  pending?: { kind: 'update'; count: number } | { kind: 'delete' };
}

interface LoadFigures {
  tried: number;
  acked: number;
  ackedCreates: number;
  ackedUpdates: number;
  ackedDeletes: number;
  serverErrors: string[];
  unexpected: string[];
  cutByKill: number;
  errorsBeforeKill: string[];
}

describe.each(engines)('crash safety on %s', (engine: Engine) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('keeps every acknowledged write through a SIGKILL under 50 writing clients, totals equal to entries', async () => {
    db = await createUnmigratedTestDatabase(engine);
    const server = await startServer({ db });
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, i) => registerUser(server, emulatorHost(), i, 'crash')),
    );

    const figures: LoadFigures = {
      tried: 0,
      acked: 0,
      ackedCreates: 0,
      ackedUpdates: 0,
      ackedDeletes: 0,
      serverErrors: [],
      unexpected: [],
      cutByKill: 0,
      errorsBeforeKill: [],
    };
    const tracked: Tracked[][] = users.map(() => []);
    /** Per user: creates that got no answer (each may or may not have landed). */
    const unansweredCreates = users.map(() => 0);
    let killed = false;
    const now = Date.now();

    /** One client: its own entries, one request at a time, so each entry's last answer is its state. */
    async function client(c: number): Promise<void> {
      const user = users[c % USERS] as User;
      const mine: Tracked[] = [];
      while (!killed) {
        const live = mine.filter((e) => !e.deleted);
        const roll = Math.random();
        const target = live[Math.floor(Math.random() * live.length)];
        const op = target && roll < 0.15 ? 'update' : target && roll < 0.25 ? 'delete' : 'create';
        const count = 1 + Math.floor(Math.random() * (op === 'update' ? 30 : 20));
        figures.tried += 1;
        let answer: Answer;
        try {
          if (op === 'create') {
            // Instants over the last 20 days, so entries fall on many days in the user's zone.
            const date = new Date(now - Math.floor(Math.random() * 20 * DAY_MS)).toISOString();
            answer = await api(server, user, 'POST', '/api/pushups', { count, date });
          } else if (op === 'update') {
            answer = await api(server, user, 'PATCH', `/api/pushups/${target?.uuid}`, { count });
          } else {
            answer = await api(server, user, 'DELETE', `/api/pushups/${target?.uuid}`);
          }
        } catch (error) {
          // No answer: the kill cut this request. Whatever it asked for may or may not have happened.
          if (!killed) figures.errorsBeforeKill.push(`${op}: ${String((error as Error).cause ?? error)}`);
          figures.cutByKill += 1;
          if (op === 'create') unansweredCreates[user.index] = (unansweredCreates[user.index] as number) + 1;
          else if (target) target.pending = op === 'update' ? { kind: 'update', count } : { kind: 'delete' };
          return;
        }
        if (answer.status >= 500) {
          figures.serverErrors.push(`${op} ${answer.status}: ${answer.text}`);
          continue;
        }
        if (answer.status >= 300) {
          figures.unexpected.push(`${op} ${answer.status}: ${answer.text}`);
          continue;
        }
        figures.acked += 1;
        if (op === 'create') {
          const entry = answer.json<Entry>();
          expect(entry.count).toBe(count);
          const row: Tracked = { ...entry, deleted: false };
          mine.push(row);
          tracked[user.index]?.push(row);
          figures.ackedCreates += 1;
        } else if (op === 'update' && target) {
          expect(answer.json<Entry>().count).toBe(count);
          target.count = count;
          figures.ackedUpdates += 1;
        } else if (target) {
          target.deleted = true;
          figures.ackedDeletes += 1;
        }
      }
    }

    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    const loadStart = Date.now();
    while (figures.acked < ACKED_BEFORE_KILL && Date.now() - loadStart < 30_000) {
      if (figures.serverErrors.length > 0 || figures.unexpected.length > 0) break;
      await sleep(5);
    }
    const ackedAtKill = figures.acked;
    const loadMs = Date.now() - loadStart;
    killed = true;
    await crash(server);
    await Promise.all(clients);

    expect(figures.serverErrors, '5xx answers').toEqual([]);
    expect(figures.unexpected, 'other non-2xx answers').toEqual([]);
    expect(figures.errorsBeforeKill, 'connection errors before the kill').toEqual([]);
    expect(ackedAtKill).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

    // Restart on the same data; the tokens still verify against the shared emulator.
    const restarted = await startServer({ db });
    /** Entries created with a 2xx whose last acknowledged state (count and day, or deleted) is there. */
    let found = 0;
    const lost: string[] = [];
    const sums = new Map<string, number>();
    for (const user of users) {
      const listed = await api(restarted, user, 'GET', '/api/pushups');
      expect(listed.status, listed.text).toBe(200);
      const rows = listed.json<Entry[]>();
      const byUuid = new Map(rows.map((row) => [row.uuid, row]));
      for (const entry of tracked[user.index] as Tracked[]) {
        const row = byUuid.get(entry.uuid);
        byUuid.delete(entry.uuid);
        if (entry.deleted) {
          if (row) lost.push(`the acknowledged delete of ${entry.uuid} is undone`);
          else found += 1;
        } else if (!row) {
          if (entry.pending?.kind === 'delete')
            found += 1; // the delete cut by the kill landed
          else lost.push(`acknowledged entry ${entry.uuid} (${entry.count} on ${entry.day}) is missing`);
        } else {
          const counts =
            entry.pending?.kind === 'update' ? [entry.count, entry.pending.count] : [entry.count];
          if (counts.includes(row.count) && row.day === entry.day && row.date === entry.date) found += 1;
          else {
            lost.push(
              `entry ${entry.uuid}: acknowledged ${counts.join(' or ')} on ${entry.day}, found ${row.count} on ${row.day}`,
            );
          }
        }
      }
      // Left over: creates cut by the kill that committed anyway; never more than were cut.
      expect(byUuid.size, `unanswered entries of ${user.username}`).toBeLessThanOrEqual(
        unansweredCreates[user.index] as number,
      );

      // The day sums agree with the entries.
      const days = new Map<string, number>();
      for (const row of rows) days.set(row.day, (days.get(row.day) ?? 0) + row.count);
      const sortedDays = [...days.keys()].sort();
      if (sortedDays.length > 0) {
        const range = `from=${sortedDays[0]}&to=${sortedDays[sortedDays.length - 1]}`;
        const daily = await api(restarted, user, 'GET', `/api/pushups/daily?${range}`);
        expect(daily.status, daily.text).toBe(200);
        expect(daily.json<{ day: string; total: number }[]>()).toEqual(
          sortedDays.map((day) => ({ day, total: days.get(day) })),
        );
      }
      sums.set(
        user.username,
        rows.reduce((sum, row) => sum + row.count, 0),
      );
    }

    // Every total on the leaderboard is its user's sum of entries, and the ranks follow the totals.
    const board = await api(restarted, users[0] as User, 'GET', '/api/pushups/leaderboard');
    expect(board.status, board.text).toBe(200);
    const rows = board.json<{ rank: number; username: string; total: number }[]>();
    const expectedBoard = [...sums]
      .map(([username, total]) => ({ username, total }))
      .filter((row) => row.total > 0)
      .sort((a, b) => b.total - a.total || (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1));
    expect(rows.map(({ username, total }) => ({ username, total }))).toEqual(expectedBoard);
    for (const row of rows) expect(row.rank).toBe(1 + rows.filter((other) => other.total > row.total).length);
    await expectConsistentDatabase(db);
    await stop(restarted);

    console.log(
      `[crash safety, ${engine}] ${CLIENTS} clients, SIGKILL after ${loadMs} ms: requests tried ${figures.tried}, ` +
        `acknowledged ${figures.acked} (${figures.ackedCreates} creates, ${figures.ackedUpdates} updates, ` +
        `${figures.ackedDeletes} deletes; ${ackedAtKill} when the kill was sent), 5xx ${figures.serverErrors.length}, ` +
        `cut by the kill ${figures.cutByKill}; after the restart ${found} of ${figures.ackedCreates} acknowledged ` +
        `entries in their last acknowledged state, lost ${lost.length}`,
    );
    expect(lost).toEqual([]);
    expect(found).toBe(figures.ackedCreates);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Graceful shutdown

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

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
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
