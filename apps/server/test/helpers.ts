import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UserProfile } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { createFirebaseIdentity, type IdentityProvider } from '../src/auth/identity';
import { type Config, loadConfig } from '../src/config/env';
import type { DbHandle, Engine } from '../src/db/client';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch-database';
import { createRepositories, type Repositories } from '../src/repositories';
import { newUserRow } from '../src/repositories/users.repository';
import { AdminService } from '../src/services/users/admin.service';
import { checkAnswersAgainstContracts } from './contract-answers';

export const PROJECT_ID = 'demo-pushup-tracker';

/**
 * An unsigned token as anyone on the machine can write one for the Auth Emulator: its shape for
 * `uid`, with `claims` over its fields (its times are those of a token issued now, valid an hour).
 */
export function unsignedToken(uid: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
const API_KEY = 'demo-api-key';

/**
 * The engines of a suite whose subject is what the database does (docs/testing.md, "Which engine"):
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The engines of a suite whose subject is a rule above the database (an answer, a permission, a
 * message): SQLite, the default engine; every engine of `engines` in the full tier (TEST_TIER=full,
 * `npm run test:full`). What such a suite reads and writes on PostgreSQL is held there by the suites
 * on `engines`, which reach every repository and read.
 */
export const ruleEngines: Engine[] = process.env.TEST_TIER === 'full' ? engines : ['sqlite'];

export function emulatorHost(): string {
  return inject('authEmulatorHost');
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `pushup-${prefix}-`));
}

export type TestDatabase = ScratchDatabase;

function postgresUrl(engine: Engine): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (engine === 'postgres' && !url) throw new Error('TEST_DATABASE_URL is not set');
  return engine === 'postgres' ? url : undefined;
}

/** A fresh, empty database: a temp SQLite file, or a new PostgreSQL database dropped afterwards. */
export function createUnmigratedTestDatabase(engine: Engine): Promise<TestDatabase> {
  return createScratchDatabase(engine === 'postgres' ? 'test' : 'data', postgresUrl(engine), {
    postgres: 'database',
  });
}

/** A fresh database with every migration applied: a copy of the run's migrated one (global-setup.ts). */
export function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  return createScratchDatabase(engine === 'postgres' ? 'test' : 'data', postgresUrl(engine), {
    postgres: 'database',
    template: inject(engine === 'postgres' ? 'postgresTemplate' : 'sqliteTemplate'),
  });
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  repos: Repositories;
  close(): Promise<void>;
}

export interface TestServerOptions {
  inviteOnly?: boolean;
  webRoot?: string | null;
  /** Reuse a database (e.g. two apps with different settings on one database). */
  db?: TestDatabase;
  /** Replace the emulator-backed identity provider (to provoke failures). */
  identity?: IdentityProvider;
  /** MAX_PUSHUPS_PER_DAY (default 10,000). */
  maxPushupsPerDay?: number;
  /**
   * RATE_LIMITS, off unless asked for: the suites drive hundreds of users from one address within a
   * minute. The limits have their own tests (rate-limits.test.ts); the browser suite runs with them on.
   */
  rateLimits?: boolean;
  /** REQUIRE_VERIFIED_EMAIL (default: off, as in local mode). */
  requireVerifiedEmail?: boolean;
  /** Receives the server's log (level info) instead of silencing it. */
  logLines?: string[];
  /** CORS_ORIGINS (default none: same origin only). */
  corsOrigins?: string[];
  /**
   * REMINDER_INTERVAL_SECONDS (default 0: no timer; a test ticks with app.reminderScheduler.tick()).
   */
  reminderIntervalSeconds?: number;
  /** The reminders' clock (default: the system's). */
  clock?: () => number;
  /** More settings (VAPID_*, NODE_ENV, ...). */
  env?: Record<string, string>;
}

export async function createTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await createTestDatabase(engine));
  const port = emulatorHost().split(':')[1] ?? '9399';
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    // The port app.inject() names in its Host header (localhost:80): local mode answers no other.
    PORT: '80',
    INVITE_ONLY: String(options.inviteOnly ?? true),
    ...(options.maxPushupsPerDay ? { MAX_PUSHUPS_PER_DAY: String(options.maxPushupsPerDay) } : {}),
    RATE_LIMITS: String(options.rateLimits ?? false),
    CORS_ORIGINS: (options.corsOrigins ?? []).join(','),
    REQUIRE_VERIFIED_EMAIL: String(options.requireVerifiedEmail ?? false),
    AUTH_EMULATOR_PORT: port,
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    REMINDER_INTERVAL_SECONDS: String(options.reminderIntervalSeconds ?? 0),
    ...options.env,
  });
  const identity =
    options.identity ??
    createFirebaseIdentity({
      projectId: PROJECT_ID,
      emulatorHost: emulatorHost(),
      // Tests disable accounts between calls and expect the very next call to see it.
      revocationCacheMs: 0,
    });
  const app = await buildApp({
    config,
    db: db.handle,
    identity,
    webRoot: options.webRoot ?? null,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logLines
      ? { logStream: { write: (line: string) => void options.logLines?.push(line) } }
      : { logger: false }),
  });
  checkAnswersAgainstContracts(app);
  await app.ready();
  return {
    app,
    config,
    db,
    repos: createRepositories(db.handle),
    async close() {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}

/**
 * A test server for the enclosing describe block: started before its tests, closed after them.
 * Returns a getter, since the server exists only once the block's beforeAll has run.
 */
export function serverForSuite(engine: Engine, options: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer(engine, options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The test server starts in the beforeAll of its describe block');
    return server;
  };
}

/** Two API processes on one database: the second app has its own connection (or pool) to the first's. */
export interface TwoProcesses {
  first: TestServer;
  second: TestServer;
  close(): Promise<void>;
}

export async function createTwoProcesses(
  engine: Engine,
  options: Omit<TestServerOptions, 'db'> = {},
): Promise<TwoProcesses> {
  const first = await createTestServer(engine, options);
  const secondConnection = first.db.openAgain();
  // Same DATA_DIR too, so the same VAPID keys.
  const second = await createTestServer(engine, {
    ...options,
    db: { ...first.db, handle: secondConnection },
  });
  return {
    first,
    second,
    async close() {
      await second.close();
      await secondConnection.close();
      await first.close();
    },
  };
}

function identityUrl(pathAndQuery: string): string {
  return `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${pathAndQuery}`;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export interface TestAccount {
  uid: string;
  email: string;
  idToken: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@Example.com`;
}

/** An email/password account in the emulator (accounts:signUp). */
export async function signUp(email = uniqueEmail()): Promise<TestAccount> {
  const result = await post<{ localId: string; idToken: string; email: string }>(
    identityUrl(`accounts:signUp?key=${API_KEY}`),
    { email, password: 'secret123', returnSecureToken: true },
  );
  return { uid: result.localId, email: result.email, idToken: result.idToken };
}

/** A fake Google account in the emulator (accounts:signInWithIdp), with the photo URL Google sends. */
export async function signInWithGoogle(
  email = uniqueEmail('google'),
  picture?: string,
): Promise<TestAccount> {
  const idToken = JSON.stringify({
    sub: `google-${randomUUID()}`,
    email,
    email_verified: true,
    ...(picture === undefined ? {} : { picture }),
  });
  const result = await post<{ localId: string; idToken: string; email: string }>(
    identityUrl(`accounts:signInWithIdp?key=${API_KEY}`),
    {
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    },
  );
  return { uid: result.localId, email: result.email, idToken: result.idToken };
}

/**
 * Changes the account's email at the identity provider (accounts:update); the new address is
 * unverified, as every change starts. Returns the new ID token, which carries it.
 */
export async function changeEmail(account: TestAccount, email: string): Promise<string> {
  const result = await post<{ idToken: string }>(identityUrl(`accounts:update?key=${API_KEY}`), {
    idToken: account.idToken,
    email,
    returnSecureToken: true,
  });
  return result.idToken;
}

/** firebase-admin bound to the emulator (the app createFirebaseIdentity initialised). */
export function adminAuth() {
  const app = getApps().find((a) => a.name === `pushup-${PROJECT_ID}`);
  if (!app) throw new Error('firebase-admin app not initialised: create a test server first');
  return getAuth(app);
}

export function bearer(account: TestAccount | string): { authorization: string } {
  return { authorization: `Bearer ${typeof account === 'string' ? account : account.idToken}` };
}

/**
 * An emulator-style (unsigned) token, as the emulator would issue it: valid for an hour from now,
 * signed in `authTime` (seconds since the epoch) unless given otherwise.
 */
export function emulatorToken(
  uid: string,
  email: string,
  times: { authTime?: number; issuedAt?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = times.issuedAt ?? now;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: times.authTime ?? issuedAt,
    user_id: uid,
    sub: uid,
    iat: issuedAt,
    exp: issuedAt + 3600,
    email,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** An emulator-style token that expired an hour ago. */
export function expiredToken(uid: string, email: string): string {
  return emulatorToken(uid, email, { issuedAt: Math.floor(Date.now() / 1000) - 7200 });
}

/** An emulator account whose email is on the platform's invite list (a Google one with `google`). */
export async function invitedAccount(server: TestServer, google = false): Promise<TestAccount> {
  const account = google ? await signInWithGoogle() : await signUp();
  await new AdminService(server.repos).invite({ kind: 'operator' }, account.email);
  return account;
}

/**
 * The email/password account with its address confirmed, as once its owner opened the link in the
 * verification mail (verified-email.test.ts goes through the mail itself), and a new ID token that
 * says so.
 */
export async function confirmEmail(account: TestAccount): Promise<TestAccount> {
  await adminAuth().updateUser(account.uid, { emailVerified: true });
  const result = await post<{ idToken: string }>(identityUrl(`accounts:signInWithPassword?key=${API_KEY}`), {
    email: account.email,
    password: 'secret123',
    returnSecureToken: true,
  });
  return { ...account, idToken: result.idToken };
}

/**
 * An invited account, its address confirmed, that created its profile through POST /api/users: the
 * profile holds the address, so the operator's commands by email find it (docs/security.md).
 */
export async function registeredAccount(
  server: TestServer,
  username = `u${Math.random().toString(36).slice(2, 10)}`,
): Promise<{ account: TestAccount; profile: UserProfile }> {
  const account = await confirmEmail(await invitedAccount(server));
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(account),
    payload: { username },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/users answered ${response.statusCode}: ${response.body}`);
  }
  return { account, profile: response.json<UserProfile>() };
}

/** The columns of users that later migrations added, by migration. */
const USER_COLUMNS_ADDED = {
  '0005': ['rest_days_per_week'],
  '0008': ['language', 'theme'],
} as const;

/**
 * Inserts a user as the users table stood before `migration`, a migration's number such as '0008'
 * (without the columns it and later migrations added), with `fields` over the defaults, for the
 * tests of later migrations; answers the uuid.
 */
export async function insertUserBefore(
  db: DbHandle['db'],
  migration: string,
  now: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const uuid = randomUUID();
  const row: Record<string, unknown> = {
    ...newUserRow({
      uuid,
      firebaseUid: uuid,
      username: `m_${uuid.slice(0, 8)}`,
      email: `${uuid}@example.com`,
      tierId: 'default',
      now,
    }),
    ...fields,
  };
  for (const [added, columns] of Object.entries(USER_COLUMNS_ADDED)) {
    if (added >= migration) for (const column of columns) delete row[column];
  }
  await db
    .insertInto('users')
    .values(row as never)
    .execute();
  return uuid;
}
