/**
 * The real server process (`tsx src/main.ts`) for the reliability tests: started in its own process
 * group on a database of the test, crashed with SIGKILL or stopped with SIGTERM, its accounts and
 * calls over HTTP, and what its database must hold afterwards.
 *
 * The servers use the run's shared Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST) so a restart takes
 * seconds; a test may start the server's own emulator instead, as `npm start` does.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { freePort, isPortFree } from '../src/auth/emulator';
import { SERVER_ROOT } from '../src/config/paths';
import { usersPerBucket } from '../src/db/rank-buckets';
import { emulatorHost, type TestDatabase } from './helpers';

const TSX = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');
const API_KEY = 'demo-api-key';
export const DAY_MS = 86_400_000;
const ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Berlin'];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The server process

export interface ServerProcess {
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
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
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
export async function crash(server: ServerProcess): Promise<void> {
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
export function terminate(server: ServerProcess): void {
  process.kill(server.pid, 'SIGTERM');
}

export async function stop(server: ServerProcess): Promise<void> {
  if (!server.running()) return;
  terminate(server);
  const { code } = await server.exited;
  expect(code, server.output()).toBe(0);
}

/**
 * Stops whatever a failed test left running: each server's whole group, so no server outlives the
 * run. A server's own emulator is then stopped by its watchdog (the server's pipe closed); this waits
 * until it is gone. For a test file's afterAll.
 */
export async function stopLeftoverServers(): Promise<void> {
  for (const server of started) {
    const pid = server.child.pid;
    if (pid !== undefined && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
  for (const port of ownEmulatorPorts) {
    const deadline = Date.now() + 40_000;
    while (!(await isPortFree(port)) && Date.now() < deadline) await sleep(250);
  }
}

// Accounts and calls

export interface User {
  index: number;
  uid: string;
  email: string;
  idToken: string;
  username: string;
  timezone: string;
}

export async function identityCall<T>(host: string, method: string, body: unknown): Promise<T> {
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
export async function registerUser(
  server: ServerProcess,
  host: string,
  index: number,
  tag: string,
): Promise<User> {
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

export interface Answer {
  status: number;
  text: string;
  json: <T>() => T;
}

export async function api(
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

export interface Entry {
  uuid: string;
  count: number;
  date: string;
  day: string;
}

// Consistency of what the database holds

/**
 * Straight from the database: every running total equals the sum of its user's entries (a user
 * without entries has no total or 0), the rank bands count exactly the users per band of totals,
 * and on SQLite the file passes integrity_check.
 */
export async function expectConsistentDatabase(db: TestDatabase): Promise<void> {
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

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
