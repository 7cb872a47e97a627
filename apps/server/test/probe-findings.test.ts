/**
 * What probing the running app as an attacker found (issue 17), each kept from coming back: member
 * names that are Object's own keys, photo URLs that are not https, what a dead invite link tells,
 * which email a profile keeps, and how unverified accounts are answered. On SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL; what a deleted account leaves on disk, on SQLite.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { GroupMemberPushups, UserProfile } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { groupsHarness } from './groups-helpers';
import {
  bearer,
  createTestServer,
  emulatorHost,
  engines,
  invitedAccount,
  type TestAccount,
  type TestServer,
  tempDir,
} from './helpers';

const identity = (call: string) =>
  `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${call}?key=demo-api-key`;

/** The account's email changed at the identity provider (unverified, as a change always starts). */
async function changeEmail(idToken: string, email: string): Promise<string> {
  const response = await fetch(identity('accounts:update'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, email, returnSecureToken: true }),
  });
  const answer = (await response.json()) as { idToken?: string; emailVerified?: boolean };
  if (!response.ok || !answer.idToken) throw new Error(`accounts:update: ${JSON.stringify(answer)}`);
  return answer.idToken;
}

describe.each(engines)('probe findings on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const put = (idToken: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(idToken), payload });

  async function registeredAccountOf(account: TestAccount) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `g${Date.now() % 1_000_000}` },
    });
    return { profile: h.body<UserProfile>(created, 201) };
  }

  it('answers the day sums of members named __proto__, constructor and toString like anyone else’s', async () => {
    const owner = await h.person();
    const members = await Promise.all(
      ['__proto__', 'constructor', 'toString'].map((name) => h.person(undefined, name)),
    );
    const group = await h.groupWith(owner, members);
    for (const [i, member] of members.entries()) {
      h.body(await h.call(member, 'POST', '/api/pushups', { count: 10 + i }), 201);
    }
    const answer = await h.call(owner, 'GET', `/api/pushups/group/${group.id}/members`);
    expect(answer.statusCode, answer.body).toBe(200);
    const day = expect.any(String);
    expect(answer.json<GroupMemberPushups>()).toEqual([
      { username: owner.username, days: [] },
      { username: '__proto__', days: [{ day, total: 10 }] },
      { username: 'constructor', days: [{ day, total: 11 }] },
      { username: 'toString', days: [{ day, total: 12 }] },
    ]);
  });

  it('keeps the stored email when the token brings an unverified one, so the admin tier command cannot be aimed at it', async () => {
    const owner = await h.person();
    const victim = `victim-${Date.now()}@example.com`;
    const changedToken = await changeEmail(owner.account.idToken, victim);
    const update = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(changedToken),
      payload: { username: owner.username },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<UserProfile>().email).toBe(owner.account.email.toLowerCase());
    expect(await server.repos.users.findByEmail(victim)).toEqual([]);
  });

  it('takes an email change the identity provider verified', async () => {
    const google = await invitedAccount(server, true);
    const { profile } = await registeredAccountOf(google);
    await server.repos.users.update(profile.uuid, { email: 'before@example.com' });
    const update = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(google),
      payload: { username: profile.username },
    });
    expect(h.body<UserProfile>(update, 200).email).toBe(google.email.toLowerCase());
  });

  it('keeps only https photo URLs', async () => {
    const who = await h.person();
    for (const photoURL of [
      'javascript:alert(document.cookie)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'file:///etc/passwd',
      'http://example.com/me.png',
      'JaVaScRiPt:alert(1)',
    ]) {
      const refused = await put(who.account.idToken, { username: who.username, photoURL });
      expect(refused.statusCode, photoURL).toBe(400);
      expect(refused.json(), photoURL).toMatchObject({ message: 'Photo URL must be an https URL' });
    }
    const kept = await put(who.account.idToken, {
      username: who.username,
      photoURL: 'https://example.com/me.png',
    });
    expect(h.body<UserProfile>(kept, 200).photoURL).toBe('https://example.com/me.png');
  });

  it('does not keep a sign-in photo that is not https', async () => {
    const idToken = JSON.stringify({
      sub: `google-${Date.now()}`,
      email: `pic-${Date.now()}@example.com`,
      email_verified: true,
      picture: 'javascript:alert(1)',
    });
    const response = await fetch(identity('accounts:signInWithIdp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    });
    const account = (await response.json()) as { idToken: string; email: string };
    await server.repos.invites.add(account.email.toLowerCase(), new Date().toISOString());
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account.idToken),
      payload: { username: `p${Date.now() % 1_000_000}` },
    });
    expect(h.body<UserProfile>(created, 201).photoURL).toBeNull();
  });

  it('tells about a dead invite link why, and nothing of its group', async () => {
    const [owner, outsider] = await Promise.all([h.person(), h.person()]);
    const group = await h.createGroup(owner);
    const invite = await h.createInvite(owner, group.id);
    expect(
      (await h.call(owner, 'DELETE', `/api/groups/${group.id}/invites/${invite.inviteId}`)).statusCode,
    ).toBe(204);
    const check = h.body(await h.call(outsider, 'GET', `/api/groups/invites/${invite.code}/check`), 200);
    expect(check).toEqual({
      valid: false,
      reason: 'This invite link has been revoked',
      groupId: null,
      groupName: null,
      memberCount: null,
      maxMembers: null,
      isMember: false,
      expiresAt: null,
    });
  });
});

/**
 * A deleted account leaves no trace in the SQLite files (issue 17 finding 5): secure_delete zeroes
 * its rows in the pages and a checkpoint empties the WAL that held them; the files are the owner's
 * alone.
 */
describe('deleting an account on SQLite', () => {
  let server: TestServer;
  let dataDir: string;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    // A data directory the server creates itself, as on a first start.
    dataDir = path.join(tempDir('deletion-'), 'data');
    const sqlitePath = path.join(dataDir, 'pushups.db');
    const handle = createDb({ sqlitePath });
    await migrateToLatest(handle);
    server = await createTestServer('sqlite', {
      db: {
        handle,
        dataDir,
        env: { DATA_DIR: dataDir },
        label: 'sqlite',
        openAgain: () => createDb({ sqlitePath }),
        drop: () => handle.close(),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await server?.db.drop();
  });

  const filesOf = () =>
    ['pushups.db', 'pushups.db-wal', 'pushups.db-shm']
      .map((name) => path.join(dataDir, name))
      .filter((file) => fs.existsSync(file));

  it('keeps the data directory 0700 and its database files 0600', () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(filesOf().length).toBeGreaterThanOrEqual(2);
    for (const file of filesOf()) expect(fs.statSync(file).mode & 0o777, file).toBe(0o600);
  });

  it('leaves none of the user’s uuid, email or goal text in the database files', async () => {
    const [who, friend] = await Promise.all([h.person(), h.person()]);
    const goalText = `zq${Date.now().toString(36)}goal`;
    h.body(
      await h.call(who, 'PATCH', '/api/users/profile-update', {
        personalGoal: 5000,
        goalDescription: goalText,
      }),
      200,
    );
    await h.groupWith(friend, [who]);
    for (let i = 0; i < 30; i++) h.body(await h.call(who, 'POST', '/api/pushups', { count: 10 + i }), 201);
    const traces = [who.uuid, who.account.email.toLowerCase(), goalText];
    const found = () => {
      const bytes = Buffer.concat(filesOf().map((file) => fs.readFileSync(file)));
      return traces.filter((trace) => bytes.includes(Buffer.from(trace)));
    };
    // Before: the rows are there (the check can fail).
    await server.repos.storage.overwriteDeletedRows();
    expect(found()).toEqual(traces);

    expect((await h.call(who, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(found()).toEqual([]);
    // The friend's data is untouched.
    expect(fs.readFileSync(path.join(dataDir, 'pushups.db')).includes(Buffer.from(friend.uuid))).toBe(true);
  });
});
