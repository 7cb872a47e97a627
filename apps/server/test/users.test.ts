import { addDays, dayInZone, MESSAGES, type UserProfile } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminService } from '../src/services/users/admin.service';
import {
  adminAuth,
  bearer,
  createTestServer,
  emulatorToken,
  expiredToken,
  invitedAccount,
  registeredAccount,
  ruleEngines,
  signUp,
  type TestAccount,
  type TestServer,
  uniqueEmail,
} from './helpers';

const operator = { kind: 'operator' } as const;

describe.each(ruleEngines)('users API on %s', (engine) => {
  let server: TestServer;
  let admin: AdminService;

  beforeAll(async () => {
    server = await createTestServer(engine);
    admin = new AdminService(server.repos);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An emulator account whose email is on the platform's invite list. */
  const invited = (google = false) => invitedAccount(server, google);
  const registered = (username?: string) => registeredAccount(server, username);

  it('answers the health check without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a sane incoming x-request-id', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-abc.123' },
    });
    expect(response.headers['x-request-id']).toBe('lb-abc.123');
  });

  it('answers 401 without a token, with a malformed header and with a bad token', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: MESSAGES.serverMissingToken, code: 'UNAUTHENTICATED' });

    const malformed = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);

    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer('not.a.jwt'),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: MESSAGES.serverInvalidToken, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 for an expired token and for a disabled account', async () => {
    const account = await invited();
    const expired = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(expiredToken(account.uid, account.email)),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHENTICATED');

    await adminAuth().updateUser(account.uid, { disabled: true });
    const disabled = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual({ message: 'User account is disabled', code: 'UNAUTHENTICATED' });
  });

  it("accepts the emulator's sign-up token across a second boundary, and still refuses a revoked one", async () => {
    // The emulator stamps a sign-up's auth_time when the request starts and the account's
    // valid-after time (whole seconds) a moment later; across a second boundary its own token read
    // as revoked, which failed a CI run. A token signed in a second before is that sign-up's.
    const account = await invited();
    const validSince = Date.parse((await adminAuth().getUser(account.uid)).tokensValidAfterTime ?? '') / 1000;
    expect(validSince).toBeGreaterThan(0);
    const profile = (authTime: number) =>
      server.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: bearer(emulatorToken(account.uid, account.email, { authTime })),
      });

    const signUpToken = await profile(validSince - 1);
    expect(signUpToken.statusCode).toBe(404); // past the token check: no profile yet
    expect(signUpToken.json().code).toBe('USER_NOT_FOUND');

    const older = await profile(validSince - 2);
    expect(older.statusCode).toBe(401);
    expect(older.json()).toEqual({
      message: 'Authentication token has been revoked',
      code: 'UNAUTHENTICATED',
    });

    await adminAuth().updateUser(account.uid, { disabled: true });
    const disabled = await profile(validSince - 1);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().message).toMatch(/disabled|revoked/);
  });

  it('answers 403 NOT_INVITED for a valid token of an uninvited user', async () => {
    const account = await signUp();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: 'nobody_invited' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'User not invited to the platform', code: 'NOT_INVITED' });
    expect(response.json().message).toContain('not invited');
  });

  it('lets an invited user register (email from the token, default tier) and read the profile', async () => {
    const account = await invited();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: '  Alice_1  ', email: 'spoofed@evil.test' },
    });
    expect(response.statusCode).toBe(201);
    const profile = response.json<UserProfile>();
    expect(profile).toMatchObject({
      username: 'Alice_1',
      email: account.email.toLowerCase(),
      photoURL: null,
      subscriptionTier: { maxGroups: 5, maxMembersPerGroup: 10 },
      personalGoal: null,
      goalDeadline: null,
      goalDescription: null,
    });
    expect(profile.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.uuid).not.toBe(account.uid);
    expect(profile.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const get = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(profile);
  });

  it('registers a Google account and keeps the profile usable after its invite is removed', async () => {
    const account = await invited(true);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `g_${Date.now()}` },
    });
    expect(created.statusCode).toBe(201);
    await admin.uninvite(operator, account.email);
    const get = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(get.statusCode).toBe(200);
  });

  it('gives a new user the tier set on the invite before sign-up, once the address is confirmed', async () => {
    // A Google address is confirmed; an unconfirmed one waits for it (unconfirmed-email.test.ts).
    const account = await invited(true);
    expect(await admin.setTier(operator, account.email, 7, 25)).toMatchObject({ target: 'invite' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `tiered_${Date.now()}` },
    });
    expect(response.json().subscriptionTier).toEqual({ maxGroups: 7, maxMembersPerGroup: 25 });
  });

  it('never lets a client set its tier or uuid', async () => {
    const account = await invited();
    const create = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: {
        username: `notier_${Date.now()}`,
        uuid: '00000000-0000-0000-0000-000000000000',
        subscriptionTier: { maxGroups: 999, maxMembersPerGroup: 999 },
        tier_id: 'default',
      },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json().uuid).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(create.json().subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });

    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account),
      payload: {
        username: `notier2_${Date.now()}`,
        subscriptionTier: { maxGroups: 999, maxMembersPerGroup: 1 },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });

    // The goal call is strict: unknown fields are refused.
    const patch = await server.app.inject({
      method: 'PATCH',
      url: '/api/users/profile-update',
      headers: bearer(account),
      payload: { personalGoal: 10, subscriptionTier: { maxGroups: 999, maxMembersPerGroup: 999 } },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 404 USER_NOT_FOUND for an invited user without a profile', async () => {
    const account = await invited();
    for (const request of [
      { method: 'GET' as const, url: '/api/users/profile' },
      { method: 'PUT' as const, url: '/api/users/profile', payload: { username: 'ghost_user' } },
      { method: 'PATCH' as const, url: '/api/users/profile-update', payload: { personalGoal: 5 } },
    ]) {
      const response = await server.app.inject({ ...request, headers: bearer(account) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    }
  });

  it('answers 409 USER_EXISTS when the caller already has a profile', async () => {
    const { account } = await registered();
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `other_${Date.now()}` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User profile already exists', code: 'USER_EXISTS' });
  });

  it('answers 409 USERNAME_TAKEN for a username taken in any letter case', async () => {
    const name = `Taken_${Date.now()}`;
    await registered(name);
    const other = await invited();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(other),
      payload: { username: name.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username is already taken', code: 'USERNAME_TAKEN' });
  });

  it('maps a lost race on the username to 409 USERNAME_TAKEN', async () => {
    const name = `race_${Date.now()}`;
    const accounts = await Promise.all([invited(), invited(), invited()]);
    const responses = await Promise.all(
      accounts.map((account, i) =>
        server.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(account),
          payload: { username: i === 0 ? name : name.toUpperCase() },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json().code).toBe('USERNAME_TAKEN');
  });

  it('updates the username with PUT (own name in another case allowed, another user’s name refused)', async () => {
    const { account } = await registered(`mine_${Date.now()}`);
    const { profile: other } = await registered();
    const own = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    const renamed = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account),
      payload: { username: own.json().username.toUpperCase(), photoURL: 'https://example.com/me.png' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe(own.json().username.toUpperCase());
    expect(renamed.json().photoURL).toBe('https://example.com/me.png');

    const taken = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account),
      payload: { username: other.username.toLowerCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Username is already taken', code: 'USERNAME_TAKEN' });

    const fresh = await server.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account),
      payload: { username: `fresh_${Date.now()}` },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().photoURL).toBe('https://example.com/me.png');
    const get = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(get.json().username).toBe(fresh.json().username);
  });

  it('updates, keeps and clears goal fields with PATCH', async () => {
    const { account } = await registered();
    const patch = (payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/users/profile-update',
        headers: bearer(account),
        payload,
      });

    const deadline = addDays(dayInZone(new Date(), 'UTC'), 30);
    const set = await patch({ personalGoal: 5000, goalDeadline: deadline, goalDescription: 'Summer' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      personalGoal: 5000,
      goalDeadline: deadline,
      goalDescription: 'Summer',
    });

    const partial = await patch({ personalGoal: 1_000_000 });
    expect(partial.json()).toMatchObject({
      personalGoal: 1_000_000,
      goalDeadline: deadline,
      goalDescription: 'Summer',
    });

    const cleared = await patch({ goalDeadline: null, goalDescription: null });
    expect(cleared.json()).toMatchObject({
      personalGoal: 1_000_000,
      goalDeadline: null,
      goalDescription: null,
    });

    const get = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(get.json()).toMatchObject({ personalGoal: 1_000_000, goalDeadline: null, goalDescription: null });
  });

  describe('goals that make sense (decision 024)', () => {
    const patchGoal = (account: TestAccount, payload: Record<string, unknown>, timezone = 'UTC') =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/users/profile-update',
        headers: { ...bearer(account), 'x-timezone': timezone },
        payload,
      });
    const profileOf = async (account: TestAccount) =>
      (
        await server.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(account) })
      ).json<UserProfile>();

    it("takes today in the caller's zone (X-Timezone) when refusing a past deadline", async () => {
      const { account } = await registered();
      // UTC-11 and UTC+14 are 25 hours apart: Pago Pago's today is always before Kiritimati's.
      const pagoToday = dayInZone(new Date(), 'Pacific/Pago_Pago');
      const ahead = await patchGoal(account, { goalDeadline: pagoToday }, 'Pacific/Kiritimati');
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json()).toEqual({ message: MESSAGES.goalDeadlinePast, code: 'VALIDATION_ERROR' });
      const behind = await patchGoal(account, { goalDeadline: pagoToday }, 'Pacific/Pago_Pago');
      expect(behind.statusCode).toBe(200);
      expect(behind.json()).toMatchObject({ goalDeadline: pagoToday });
    });

    it('writes nothing when one field of the call is refused', async () => {
      const { account } = await registered();
      const today = dayInZone(new Date(), 'UTC');
      expect((await patchGoal(account, { personalGoal: 300, goalDeadline: today })).statusCode).toBe(200);
      const before = await profileOf(account);
      for (const payload of [
        { personalGoal: 700, goalDeadline: addDays(today, -1), goalDescription: 'Half' },
        { personalGoal: 0, goalDeadline: addDays(today, 5), goalDescription: 'Half' },
      ]) {
        const refused = await patchGoal(account, payload);
        expect(refused.statusCode).toBe(400);
      }
      const after = await profileOf(account);
      expect(after).toMatchObject({ personalGoal: 300, goalDeadline: today, goalDescription: null });
      expect(after.updated_at).toBe(before.updated_at);
    });

    it('keeps a saved deadline that has passed readable and changeable field by field', async () => {
      const { account, profile } = await registered();
      // A deadline saved before it passed (or before this rule): stored directly.
      await server.repos.users.update(profile.uuid, {
        personal_goal: 5000,
        goal_deadline: '2025-06-30',
        goal_description: 'Old',
      });
      expect(await profileOf(account)).toMatchObject({ personalGoal: 5000, goalDeadline: '2025-06-30' });

      const description = await patchGoal(account, { goalDescription: 'Still going' });
      expect(description.statusCode).toBe(200);
      expect(description.json()).toMatchObject({
        goalDeadline: '2025-06-30',
        goalDescription: 'Still going',
      });
      const goal = await patchGoal(account, { personalGoal: 6000 });
      expect(goal.statusCode).toBe(200);
      expect(goal.json()).toMatchObject({ personalGoal: 6000, goalDeadline: '2025-06-30' });

      // Sending the passed deadline again is setting it, and is refused; clearing it is not.
      expect((await patchGoal(account, { goalDeadline: '2025-06-30' })).statusCode).toBe(400);
      const cleared = await patchGoal(account, { goalDeadline: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ personalGoal: 6000, goalDeadline: null });
    });
  });

  describe('validation messages of docs/product.md, "Validation"', () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = (await registered()).account;
    });

    const usernameCases: [string, unknown, string][] = [
      ['empty', '', MESSAGES.usernameEmpty],
      ['blank', '   ', MESSAGES.usernameEmpty],
      ['missing', undefined, MESSAGES.usernameEmpty],
      ['too short', 'ab', MESSAGES.usernameTooShort],
      ['too long', 'a'.repeat(31), MESSAGES.usernameTooLong],
      ['with a space', 'john doe', MESSAGES.usernameSpaces],
      ['with other characters', 'john.doe!', MESSAGES.usernameCharacters],
    ];

    it.each(usernameCases)(
      'refuses a username that is %s on POST and PUT',
      async (_label, username, message) => {
        const payload = username === undefined ? {} : { username };
        const fresh = await invited();
        const post = await server.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(fresh),
          payload,
        });
        expect(post.statusCode).toBe(400);
        expect(post.json()).toEqual({ message, code: 'VALIDATION_ERROR' });

        const put = await server.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: bearer(account),
          payload,
        });
        expect(put.statusCode).toBe(400);
        expect(put.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
      },
    );

    const goalCases: [string, unknown, string][] = [
      ['a negative goal', { personalGoal: -1 }, MESSAGES.goalRange],
      ['a goal of 0 (docs/decisions/024)', { personalGoal: 0 }, MESSAGES.goalZero],
      [
        'a deadline before today',
        { goalDeadline: addDays(dayInZone(new Date(), 'UTC'), -2) },
        MESSAGES.goalDeadlinePast,
      ],
      ['a goal over 1,000,000', { personalGoal: 1_000_001 }, MESSAGES.goalRange],
      ['a fractional goal', { personalGoal: 1.5 }, MESSAGES.goalRange],
      ['a goal that is text', { personalGoal: '100' }, MESSAGES.goalRange],
      ['a deadline before 2025', { goalDeadline: '2024-12-31' }, MESSAGES.dateBeforeEarliest],
      [
        'a deadline that is no date',
        { goalDeadline: '2025-02-30' },
        'Goal deadline must be a date (YYYY-MM-DD)',
      ],
      [
        'a description over 50 characters',
        { goalDescription: 'x'.repeat(51) },
        MESSAGES.goalDescriptionTooLong,
      ],
      ['no goal field at all', {}, MESSAGES.serverNoGoalFields],
    ];

    it.each(goalCases)('refuses %s', async (_label, payload, message) => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/users/profile-update',
        headers: bearer(account),
        payload: payload as Record<string, unknown>,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    });

    it('accepts the boundaries: goal 1 and 1,000,000, deadline today, 50-character description', async () => {
      const today = dayInZone(new Date(), 'UTC');
      for (const personalGoal of [1, 1_000_000]) {
        const response = await server.app.inject({
          method: 'PATCH',
          url: '/api/users/profile-update',
          headers: { ...bearer(account), 'x-timezone': 'UTC' },
          payload: { personalGoal, goalDeadline: today, goalDescription: 'x'.repeat(50) },
        });
        expect(response.statusCode).toBe(200);
      }
    });

    it('answers 400, not 500, to malformed JSON and to a non-object body', async () => {
      const malformed = await server.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { ...bearer(account), 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON', code: 'BAD_REQUEST' });

      const array = await server.app.inject({
        method: 'PATCH',
        url: '/api/users/profile-update',
        headers: bearer(account),
        payload: [1, 2],
      });
      expect(array.statusCode).toBe(400);
      expect(array.json().code).toBe('VALIDATION_ERROR');
    });
  });

  it('deletes the account: no row left behind and the emulator account is gone', async () => {
    const { account, profile } = await registered();
    for (const count of [12, 30]) {
      const logged = await server.app.inject({
        method: 'POST',
        url: '/api/pushups',
        headers: bearer(account),
        payload: { count },
      });
      expect(logged.statusCode).toBe(201);
    }
    expect(await server.repos.pushups.totalOf(profile.uuid)).toBe(42);

    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(account),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(await server.repos.users.findByUuid(profile.uuid)).toBeUndefined();
    expect(await server.repos.users.findByFirebaseUid(account.uid)).toBeUndefined();
    const db = server.db.handle.db;
    expect(
      await db.selectFrom('pushups').select('uuid').where('user_uuid', '=', profile.uuid).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('user_totals').select('total').where('user_uuid', '=', profile.uuid).execute(),
    ).toEqual([]);
    await expect(adminAuth().getUser(account.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });

    // The old token now belongs to a deleted account.
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers unknown /api paths with a 404 JSON error, authenticated or not', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await server.app.inject({ method: 'POST', url: '/api/users/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the OpenAPI document publicly at /api/docs', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/users',
        '/api/users/profile',
        '/api/users/profile-update',
      ]),
    );
  });

  describe('with INVITE_ONLY=false', () => {
    let open: TestServer;
    beforeAll(async () => {
      open = await createTestServer(engine, { inviteOnly: false, db: server.db });
    });
    afterAll(async () => {
      await open?.close();
    });

    it('lets an uninvited user register', async () => {
      const account = await signUp(uniqueEmail('open'));
      const response = await open.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(account),
        payload: { username: `open_${Date.now()}` },
      });
      expect(response.statusCode).toBe(201);
    });
  });
});
