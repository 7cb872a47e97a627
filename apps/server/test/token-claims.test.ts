/**
 * What a token's claims may carry, on SQLite (and PostgreSQL in the full tier, docs/testing.md
 * "Engines"). The Auth Emulator's tokens are unsigned (local mode), so anyone can send one with
 * claims of their choosing for a real account: an email that is not a string, or one with a NUL
 * character or of absurd length, is a bad token (401), never a 500 from the code or the database,
 * and nothing is written.
 */
import { MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { bearer, ruleEngines, serverForSuite, signUp, unsignedToken } from './helpers';

const BAD_EMAILS: [string, unknown][] = [
  ['a number', 12345],
  ['an object', { toLowerCase: 'x' }],
  ['an array', ['someone@example.com']],
  ['true', true],
  ['a string with NUL', 'nul\u0000byte@example.com'],
  ['a string with another control character', 'line\nbreak@example.com'],
  ['an absurdly long string', `${'a'.repeat(5000)}@example.com`],
];

describe.each(ruleEngines)('token claims on %s', (engine) => {
  // Open sign-up, so that a token that got through would create a profile at once.
  const open = serverForSuite(engine, { inviteOnly: false });
  const invitesOnly = serverForSuite(engine);

  it.each(BAD_EMAILS)(
    'answers 401 to a token whose email claim is %s, and writes nothing',
    async (_, email) => {
      const account = await signUp();
      const token = unsignedToken(account.uid, { email, email_verified: true });
      for (const server of [open(), invitesOnly()]) {
        const created = await server.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(token),
          payload: { username: `c${account.uid.slice(0, 10)}` },
        });
        expect(created.statusCode, created.body.slice(0, 300)).toBe(401);
        expect(created.json()).toEqual({
          code: 'UNAUTHENTICATED',
          message: 'Authentication token carries an invalid email',
        });
        const read = await server.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: bearer(token),
        });
        expect(read.statusCode, read.body).toBe(401);
        expect(await server.repos.users.findByFirebaseUid(account.uid)).toBeUndefined();
      }
    },
  );

  it('still takes a token without an email, and one with a plain email', async () => {
    const account = await signUp();
    const server = open();
    const none = unsignedToken(account.uid, {});
    const noProfile = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(none),
    });
    expect(noProfile.statusCode, noProfile.body).toBe(404);
    const plain = unsignedToken(account.uid, { email: account.email, email_verified: false });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(plain),
      payload: { username: `p${account.uid.slice(0, 10)}` },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('keeps no sign-in photo that holds a control character', async () => {
    const account = await signUp();
    const token = unsignedToken(account.uid, {
      email: account.email,
      picture: 'https://example.com/me\u0000.png',
    });
    const created = await open().app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: { username: `f${account.uid.slice(0, 10)}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().photoURL).toBeNull();
  });

  it('answers a bad token as any other bad token when the account is unknown', async () => {
    const token = unsignedToken('no-such-account', { email: 12345 });
    const read = await open().app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe(MESSAGES.serverInvalidToken);
  });
});
