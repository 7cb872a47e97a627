import {
  type AdminInviteList,
  type AdminInviteResult,
  type AdminUser,
  type AdminUsersPage,
  adminUsersCalls,
  MESSAGES,
  pathOf,
  type UserProfile,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseIdentity, type IdentityProvider } from '../src/auth/identity';
import type { VerifiedToken } from '../src/auth/identity-provider';
import type { AuditLine } from '../src/repositories/audit.repository';
import { ERASED_TARGET } from '../src/repositories/audit.repository';
import { AdminService } from '../src/services/users/admin.service';
import {
  adminAuth,
  bearer,
  confirmEmail,
  createTestServer,
  createTwoProcesses,
  emulatorHost,
  engines,
  PROJECT_ID,
  registeredAccount,
  signUp,
  type TestAccount,
  type TestServer,
  uniqueEmail,
} from './helpers';
import { readAllRows } from './table-rows';

type Reply = Awaited<ReturnType<TestServer['app']['inject']>>;

/**
 * The identity provider as production runs it: a token that passed the revocation and disabled check
 * is trusted for a while without asking Firebase again (decision 006), so what refuses a disabled
 * account's token at once is the profile's disabled_at, read by the auth hook. (Against the Auth
 * Emulator, firebase-admin asks about every token, so the emulator itself would refuse it first.)
 */
function cachingIdentity(): IdentityProvider {
  const real = createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() });
  const trusted = new Map<string, VerifiedToken>();
  return {
    ...real,
    async verifyIdToken(token) {
      const known = trusted.get(token);
      if (known) return known;
      const verified = await real.verifyIdToken(token);
      trusted.set(token, verified);
      return verified;
    },
  };
}

/** The address ADMIN_EMAILS names: its account is the operator once it has confirmed it. */
const operatorEmail = () => uniqueEmail('ops').toLowerCase();

/** The operator's account: signed up with the ADMIN_EMAILS address, confirmed, with a profile. */
async function operatorAccount(server: TestServer, email: string): Promise<TestAccount> {
  await new AdminService(server.repos).invite({ kind: 'operator' }, email);
  const account = await confirmEmail(await signUp(email));
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(account),
    payload: { username: `ops${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  return account;
}

function call(
  server: TestServer,
  who: TestAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
): Promise<Reply> {
  return server.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

function body<T>(response: Reply, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

function expectError(response: Reply, status: number, code: string, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message });
}

const userUrl = (uuid: string, action?: 'tier' | 'disable' | 'enable') =>
  action === undefined
    ? pathOf(adminUsersCalls.deleteUser, { uuid })
    : pathOf(
        {
          tier: adminUsersCalls.setUserTier,
          disable: adminUsersCalls.disableUser,
          enable: adminUsersCalls.enableUser,
        }[action],
        { uuid },
      );

describe.each(engines)('the admin page’s calls on invites and users on %s', (engine) => {
  const adminEmail = operatorEmail();
  let server: TestServer;
  let operator: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(engine, {
      env: { ADMIN_EMAILS: adminEmail },
      identity: cachingIdentity(),
    });
    operator = await operatorAccount(server, adminEmail);
  });
  afterAll(async () => {
    await server?.close();
  });

  const trail = () => server.repos.audit.since('0000');
  const linesFor = async (target: string) => (await trail()).filter((line) => line.target === target);
  const byOperator = (line: AuditLine) => line.actor === adminEmail && line.source === '127.0.0.1';

  it('answers access: true to an operator, false to any other signed-in user, 401 signed out', async () => {
    expect(body(await call(server, operator, 'GET', adminUsersCalls.access.path), 200)).toEqual({
      operator: true,
    });
    const { account } = await registeredAccount(server);
    expect(body(await call(server, account, 'GET', adminUsersCalls.access.path), 200)).toEqual({
      operator: false,
    });
    expect((await call(server, null, 'GET', adminUsersCalls.access.path)).statusCode).toBe(401);
    // Every other call is refused to them, whatever it is sent.
    const refused = await call(server, account, 'POST', adminUsersCalls.invite.path, { emails: ['x@y.z'] });
    expectError(refused, 403, 'FORBIDDEN', MESSAGES.adminOperatorsOnly);
    expect(await server.repos.invites.find('x@y.z')).toBeUndefined();
  });

  it('invites a pasted list: each bad line named with why, the good ones added once, one audit line each', async () => {
    const [a, b, c] = [uniqueEmail('bulk'), uniqueEmail('bulk'), uniqueEmail('bulk')];
    const already = uniqueEmail('already').toLowerCase();
    await new AdminService(server.repos).invite({ kind: 'operator' }, already);
    const long = `${'x'.repeat(320)}@example.com`;
    const text = `${a}\n  not-an-address ;${b.toUpperCase()}, ${a}\n\n${already}\n${long}\nanna@nodot`;
    const result = body<AdminInviteResult>(
      await call(server, operator, 'POST', adminUsersCalls.invite.path, {
        text,
        emails: [c],
        tier: { maxGroups: 7, maxMembersPerGroup: 12 },
      }),
      200,
    );
    expect(result.added.sort()).toEqual([a, b, c].map((email) => email.toLowerCase()).sort());
    expect(result.alreadyInvited).toEqual([already]);
    expect(result.refused).toEqual([
      { line: 'not-an-address', reason: MESSAGES.adminInviteNotAnEmail },
      { line: a, reason: MESSAGES.adminInviteRepeated },
      { line: `${long.slice(0, 100)}…`, reason: MESSAGES.adminInviteTooLong },
      { line: 'anna@nodot', reason: MESSAGES.adminInviteNotAnEmail },
    ]);
    for (const email of result.added) {
      const lines = await linesFor(email);
      expect(lines, email).toHaveLength(1);
      expect(lines[0]).toMatchObject({ action: 'invite', detail: '7 groups / 12 members' });
      expect(byOperator(lines[0] as AuditLine)).toBe(true);
      expect(await server.repos.invites.find(email)).toMatchObject({ tier_id: expect.any(String) });
    }
    // The address invited already keeps its invite as it was, and gets no second line.
    expect(await linesFor(already)).toHaveLength(1);
    expect((await server.repos.invites.find(already))?.tier_id).toBeNull();

    // Sent again: nothing is added twice, nothing recorded.
    const again = body<AdminInviteResult>(
      await call(server, operator, 'POST', adminUsersCalls.invite.path, { emails: [a, b] }),
      200,
    );
    expect(again).toEqual({ added: [], alreadyInvited: [a, b].map((e) => e.toLowerCase()), refused: [] });
    expect(await linesFor(a.toLowerCase())).toHaveLength(1);
  });

  it('refuses an empty list and one longer than the limit, adding nothing', async () => {
    const before = (await trail()).length;
    const empty = await call(server, operator, 'POST', adminUsersCalls.invite.path, { text: ' \n , ' });
    expectError(empty, 400, 'VALIDATION_ERROR', MESSAGES.adminInviteEmpty);
    const many = Array.from({ length: 201 }, (_, i) => `many${i}@example.com`).join('\n');
    const tooMany = await call(server, operator, 'POST', adminUsersCalls.invite.path, { text: many });
    expectError(tooMany, 400, 'VALIDATION_ERROR', MESSAGES.adminInviteTooMany);
    expect(await server.repos.invites.find('many0@example.com')).toBeUndefined();
    expect((await trail()).length).toBe(before);
  });

  it('lists the invites with their state: invited, signed up unconfirmed, verified', async () => {
    const invitedOnly = uniqueEmail('waiting').toLowerCase();
    const unconfirmed = uniqueEmail('unconfirmed').toLowerCase();
    await call(server, operator, 'POST', adminUsersCalls.invite.path, { emails: [invitedOnly, unconfirmed] });
    await signUp(unconfirmed);
    const { account } = await registeredAccount(server);
    const list = body<AdminInviteList>(
      await call(server, operator, 'GET', adminUsersCalls.listInvites.path),
      200,
    );
    const stateOf = (email: string) => list.invites.find((invite) => invite.email === email);
    expect(stateOf(invitedOnly)).toMatchObject({
      state: 'invited',
      tier: null,
      invitedAt: expect.any(String),
    });
    expect(stateOf(unconfirmed)?.state).toBe('signed-up');
    expect(stateOf(account.email.toLowerCase())?.state).toBe('verified');
    const dates = list.invites.map((invite) => invite.invitedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('removes an invite with its audit line; a second removal is 404', async () => {
    const email = uniqueEmail('gone').toLowerCase();
    await call(server, operator, 'POST', adminUsersCalls.invite.path, { emails: [email] });
    const url = pathOf(adminUsersCalls.uninvite, { email: email.toUpperCase() });
    expect((await call(server, operator, 'DELETE', url)).statusCode).toBe(204);
    expect(await server.repos.invites.find(email)).toBeUndefined();
    const lines = await linesFor(email);
    expect(lines.map((line) => line.action)).toEqual(['invite', 'uninvite']);
    expect(byOperator(lines[1] as AuditLine)).toBe(true);
    expectError(await call(server, operator, 'DELETE', url), 404, 'NOT_FOUND', MESSAGES.adminInviteNotFound);
  });

  it('finds users by part of their name or email, a page at a time, with their figures', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 7)}`;
    const first = await registeredAccount(server, `${tag}_anna`);
    const second = await registeredAccount(server, `${tag}_ben`);
    for (const count of [5, 7]) {
      await call(server, first.account, 'POST', '/api/pushups', { count });
    }
    await call(server, first.account, 'POST', '/api/groups', { name: `${tag} group` });

    const page = body<AdminUsersPage>(
      await call(
        server,
        operator,
        'GET',
        `${adminUsersCalls.searchUsers.path}?q=${tag.toUpperCase()}&limit=1`,
      ),
      200,
    );
    expect(page.total).toBe(2);
    expect(page.nextOffset).toBe(1);
    expect(page.users).toEqual([
      {
        uuid: first.profile.uuid,
        username: `${tag}_anna`,
        email: first.account.email.toLowerCase(),
        emailVerified: true,
        createdAt: first.profile.created_at,
        lastActiveDay: new Date().toISOString().slice(0, 10),
        totalPushups: 12,
        groupCount: 1,
        tier: { maxGroups: 5, maxMembersPerGroup: 10 },
        disabled: false,
        self: false,
      },
    ]);
    const next = body<AdminUsersPage>(
      await call(server, operator, 'GET', `${adminUsersCalls.searchUsers.path}?q=${tag}&limit=1&offset=1`),
      200,
    );
    expect(
      next.users.map((user) => [user.username, user.totalPushups, user.lastActiveDay, user.groupCount]),
    ).toEqual([[`${tag}_ben`, 0, null, 0]]);
    expect(next.nextOffset).toBeNull();

    // By a part of the address, any case; LIKE's wildcards match only themselves.
    const localPart = second.account.email.split('@')[0] as string;
    const byEmail = body<AdminUsersPage>(
      await call(server, operator, 'GET', `${adminUsersCalls.searchUsers.path}?q=${localPart.toUpperCase()}`),
      200,
    );
    expect(byEmail.users.map((user) => user.uuid)).toEqual([second.profile.uuid]);
    const wildcard = body<AdminUsersPage>(
      await call(server, operator, 'GET', `${adminUsersCalls.searchUsers.path}?q=${encodeURIComponent('%')}`),
      200,
    );
    expect(wildcard.total).toBe(0);
    // The operator sees themselves marked.
    const self = body<AdminUsersPage>(
      await call(
        server,
        operator,
        'GET',
        `${adminUsersCalls.searchUsers.path}?q=${encodeURIComponent(adminEmail)}`,
      ),
      200,
    );
    expect(self.users.map((user) => user.self)).toEqual([true]);
  });

  it('changes a user’s tier, with its audit line; an unknown user is 404', async () => {
    const { profile } = await registeredAccount(server);
    const changed = body<AdminUser>(
      await call(server, operator, 'PUT', userUrl(profile.uuid, 'tier'), {
        maxGroups: 9,
        maxMembersPerGroup: 40,
      }),
      200,
    );
    expect(changed.tier).toEqual({ maxGroups: 9, maxMembersPerGroup: 40 });
    expect((await server.repos.users.findByUuid(profile.uuid))?.max_groups).toBe(9);
    const lines = await linesFor(`@${profile.username}`);
    expect(lines.map((line) => [line.action, line.detail])).toEqual([['tier', '9 groups / 40 members']]);
    expect(byOperator(lines[0] as AuditLine)).toBe(true);

    const unknown = await call(server, operator, 'PUT', userUrl(crypto.randomUUID(), 'tier'), {
      maxGroups: 9,
      maxMembersPerGroup: 40,
    });
    expectError(unknown, 404, 'NOT_FOUND', MESSAGES.serverUserNotFound);
    const bad = await call(server, operator, 'PUT', userUrl(profile.uuid, 'tier'), {
      maxGroups: 0,
      maxMembersPerGroup: 40,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('disables sign-in: the user’s token is refused at once, and accepted again after enable', async () => {
    const { account, profile } = await registeredAccount(server);
    const profileCall = () => call(server, account, 'GET', '/api/users/profile');
    expect((await profileCall()).statusCode).toBe(200);

    const disabled = body<AdminUser>(
      await call(server, operator, 'POST', userUrl(profile.uuid, 'disable')),
      200,
    );
    expect(disabled.disabled).toBe(true);
    expectError(await profileCall(), 403, 'FORBIDDEN', MESSAGES.serverAccountDisabled);
    expectError(
      await call(server, account, 'GET', adminUsersCalls.access.path),
      403,
      'FORBIDDEN',
      MESSAGES.serverAccountDisabled,
    );
    expect((await adminAuth().getUser(account.uid)).disabled).toBe(true);
    // Disabled already: nothing changes, nothing is recorded.
    await call(server, operator, 'POST', userUrl(profile.uuid, 'disable'));

    const enabled = body<AdminUser>(
      await call(server, operator, 'POST', userUrl(profile.uuid, 'enable')),
      200,
    );
    expect(enabled.disabled).toBe(false);
    expect((await profileCall()).statusCode).toBe(200);
    expect((await adminAuth().getUser(account.uid)).disabled).toBe(false);

    const lines = await linesFor(`@${profile.username}`);
    expect(lines.map((line) => line.action)).toEqual(['disable-sign-in', 'enable-sign-in']);
    expect(lines.every(byOperator)).toBe(true);
  });

  it('refuses an operator disabling or deleting their own account', async () => {
    const own = body<AdminUsersPage>(
      await call(
        server,
        operator,
        'GET',
        `${adminUsersCalls.searchUsers.path}?q=${encodeURIComponent(adminEmail)}`,
      ),
      200,
    ).users[0] as AdminUser;
    expectError(
      await call(server, operator, 'POST', userUrl(own.uuid, 'disable')),
      409,
      'CONFLICT',
      MESSAGES.adminCannotDisableSelf,
    );
    expectError(
      await call(server, operator, 'DELETE', userUrl(own.uuid), { confirmUsername: own.username }),
      409,
      'CONFLICT',
      MESSAGES.adminCannotDeleteSelf,
    );
    expect(await server.repos.users.findByUuid(own.uuid)).toMatchObject({ disabled_at: null });
  });

  it('deletes an account as its owner’s deletion does, after the username is typed, leaving no trace', async () => {
    const { account, profile } = await registeredAccount(server);
    const email = account.email.toLowerCase();
    await call(server, account, 'POST', '/api/pushups', { count: 20 });
    await call(server, account, 'POST', '/api/groups', { name: `g ${profile.username}` });
    await call(server, operator, 'PUT', userUrl(profile.uuid, 'tier'), {
      maxGroups: 6,
      maxMembersPerGroup: 6,
    });

    const wrong = await call(server, operator, 'DELETE', userUrl(profile.uuid), {
      confirmUsername: profile.username.toUpperCase(),
    });
    expectError(wrong, 400, 'VALIDATION_ERROR', MESSAGES.adminDeleteUsernameMismatch);
    expect(await server.repos.users.findByUuid(profile.uuid)).toBeDefined();

    const before = new Date().toISOString();
    const deleted = await call(server, operator, 'DELETE', userUrl(profile.uuid), {
      confirmUsername: ` ${profile.username} `,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect(adminAuth().getUser(account.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // Its token, trusted still by this process's cache, finds neither a profile nor an invite.
    expect((await profileCall(account)).json()).toMatchObject({ code: 'NOT_INVITED' });

    // No row of any table names the account any more: the trail included.
    const everything = JSON.stringify(await readAllRows(server)).toLowerCase();
    for (const trace of [email, profile.username.toLowerCase(), profile.uuid, account.uid.toLowerCase()]) {
      expect(everything).not.toContain(trace);
    }
    const lines = (await trail()).filter((line) => line.at >= before && line.action === 'account-deleted');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ target: null, detail: null });
    expect(byOperator(lines[0] as AuditLine)).toBe(true);
    expect(await linesFor(ERASED_TARGET)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'tier', detail: '6 groups / 6 members' })]),
    );
    expectError(
      await call(server, operator, 'DELETE', userUrl(profile.uuid), { confirmUsername: profile.username }),
      404,
      'NOT_FOUND',
      MESSAGES.serverUserNotFound,
    );
  });

  function profileCall(account: TestAccount): Promise<Reply> {
    return call(server, account, 'GET', '/api/users/profile');
  }
});

describe.each(engines)('a disabled account in two API processes on %s', (engine) => {
  it('is refused by the other process at once, and let in again there after enable', async () => {
    const adminEmail = operatorEmail();
    const processes = await createTwoProcesses(engine, {
      env: { ADMIN_EMAILS: adminEmail },
      identity: cachingIdentity(),
    });
    try {
      const { first, second } = processes;
      const operator = await operatorAccount(first, adminEmail);
      const { account, profile }: { account: TestAccount; profile: UserProfile } =
        await registeredAccount(first);
      expect((await call(second, account, 'GET', '/api/users/profile')).statusCode).toBe(200);
      body(await call(first, operator, 'POST', userUrl(profile.uuid, 'disable')), 200);
      expectError(
        await call(second, account, 'GET', '/api/users/profile'),
        403,
        'FORBIDDEN',
        MESSAGES.serverAccountDisabled,
      );
      body(await call(first, operator, 'POST', userUrl(profile.uuid, 'enable')), 200);
      expect((await call(second, account, 'GET', '/api/users/profile')).statusCode).toBe(200);
    } finally {
      await processes.close();
    }
  });
});
