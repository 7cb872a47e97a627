import { MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { AdminService } from '../src/services/users/admin.service';
import {
  bearer,
  createTestServer,
  emulatorHost,
  PROJECT_ID,
  signInWithGoogle,
  signUp,
  type TestAccount,
  type TestServer,
} from './helpers';

const identity = (call: string) =>
  `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${call}?key=demo-api-key`;

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What a user does: ask for the mail, open its link (from the emulator's outbox), sign in again. */
async function verifyEmail(account: TestAccount): Promise<TestAccount> {
  await post(identity('accounts:sendOobCode'), { requestType: 'VERIFY_EMAIL', idToken: account.idToken });
  const outbox = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await outbox.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const mail = oobCodes.findLast(
    (code) => code.email === account.email && code.requestType === 'VERIFY_EMAIL',
  );
  if (!mail) throw new Error(`no verification mail for ${account.email}`);
  await post(identity('accounts:update'), { oobCode: mail.oobCode });
  const fresh = await post<{ idToken: string }>(identity('accounts:signInWithPassword'), {
    email: account.email,
    password: 'secret123',
    returnSecureToken: true,
  });
  return { ...account, idToken: fresh.idToken };
}

describe('invites count only for a verified email (REQUIRE_VERIFIED_EMAIL)', () => {
  let strict: TestServer;
  let lenient: TestServer;

  beforeAll(async () => {
    strict = await createTestServer('sqlite', { requireVerifiedEmail: true });
    lenient = await createTestServer('sqlite', { db: strict.db });
  });
  afterAll(async () => {
    await lenient?.close();
    await strict?.close();
  });

  const invite = (account: TestAccount) =>
    new AdminService(strict.repos).invite({ kind: 'operator' }, account.email);
  const register = (server: TestServer, account: TestAccount, username: string) =>
    server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(account), payload: { username } });

  it('tells an invited but unverified email/password user to verify, and creates nothing', async () => {
    const account = await signUp();
    await invite(account);
    for (const [method, url] of [
      ['GET', '/api/users/profile'],
      ['GET', '/api/pushups/leaderboard'],
    ] as const) {
      const refused = await strict.app.inject({ method, url, headers: bearer(account) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        message: MESSAGES.serverEmailNotVerified,
        code: 'EMAIL_NOT_VERIFIED',
      });
    }
    const created = await register(strict, account, `unverified${Date.now() % 100000}`);
    expect(created.statusCode).toBe(403);
    expect(await strict.repos.users.findByFirebaseUid(account.uid)).toBeUndefined();
  });

  it('lets the same user in once the link in the mail is opened', async () => {
    const account = await signUp();
    await invite(account);
    expect((await register(strict, account, `pending${Date.now() % 100000}`)).statusCode).toBe(403);
    const verified = await verifyEmail(account);
    const created = await register(strict, verified, `verified${Date.now() % 100000}`);
    expect(created.statusCode).toBe(201);
    // The confirmed address is the profile's: the operator's commands by email find this account.
    expect(
      (await strict.repos.users.findByEmail(account.email.toLowerCase())).map((user) => user.uuid),
    ).toEqual([created.json().uuid]);
  });

  it('answers every unverified email/password account alike, invited or not: the answer tells nothing of the invite list', async () => {
    const invited = await signUp();
    await invite(invited);
    const stranger = await signUp();
    const answers = [];
    for (const account of [invited, stranger]) {
      const refused = await strict.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: bearer(account),
      });
      answers.push({ status: refused.statusCode, body: refused.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 403,
      body: { code: 'EMAIL_NOT_VERIFIED', message: MESSAGES.serverEmailNotVerified },
    });
  });

  it('keeps the spec’s not-invited answer for a verified email that has no invite', async () => {
    const account = await verifyEmail(await signUp());
    const refused = await strict.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_INVITED', message: MESSAGES.serverNotInvited });
  });

  it('admits a Google account at once (Google verifies its addresses)', async () => {
    const account = await signInWithGoogle();
    await invite(account);
    expect((await register(strict, account, `google${Date.now() % 100000}`)).statusCode).toBe(201);
  });

  it('is off in local mode unless asked for: an unverified invited user gets in', async () => {
    const account = await signUp();
    await invite(account);
    expect((await register(lenient, account, `local${Date.now() % 100000}`)).statusCode).toBe(201);
  });

  it('is on in production mode by default', () => {
    const production = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'pushup-prod',
      FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'key', authDomain: 'pushup-prod.firebaseapp.com' }),
    };
    expect(loadConfig(production).requireVerifiedEmail).toBe(true);
    expect(loadConfig({}).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ REQUIRE_VERIFIED_EMAIL: 'true' }).requireVerifiedEmail).toBe(true);
  });
});
