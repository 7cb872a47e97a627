/**
 * An email the identity provider has not confirmed, on SQLite (and PostgreSQL in the full tier,
 * docs/testing.md "Engines") on an invite-only instance with REQUIRE_VERIFIED_EMAIL off (local
 * mode's default). Anyone can sign up with, or change their identity email to, any address
 * unconfirmed: such an address is never stored as the account's, so the operator's commands by
 * email never reach that account and deleting it never takes away that address's platform invite
 * (docs/security.md, "Invites and verified email", "Deleting an account").
 */
import { randomUUID } from 'node:crypto';
import type { UserProfile } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { AdminService } from '../src/services/users/admin.service';
import {
  bearer,
  changeEmail,
  confirmEmail,
  registeredAccount,
  ruleEngines,
  serverForSuite,
  signInWithGoogle,
  signUp,
  type TestAccount,
  uniqueEmail,
} from './helpers';

const operator = { kind: 'operator' } as const;

describe.each(ruleEngines)('an unconfirmed email on %s', (engine) => {
  const server = serverForSuite(engine);
  const admin = () => new AdminService(server().repos);

  const call = (
    who: TestAccount | string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => server().app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

  async function register(who: TestAccount | string): Promise<UserProfile> {
    const response = await call(who, 'POST', '/api/users', { username: `e${randomUUID().slice(0, 8)}` });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UserProfile>();
  }

  /** An invited address with a tier on its invite, as the operator prepares a sign-up. */
  async function invitedWithTier(prefix: string, maxGroups: number, maxMembers: number): Promise<string> {
    const email = uniqueEmail(prefix).toLowerCase();
    await admin().invite(operator, email);
    expect(await admin().setTier(operator, email, maxGroups, maxMembers)).toMatchObject({ target: 'invite' });
    return email;
  }

  describe('deleting an account', () => {
    it('leaves the invite and tier of an address the identity email was changed to, unconfirmed', async () => {
      const victim = await invitedWithTier('victim', 8, 30);
      const { account } = await registeredAccount(server());
      const changed = await changeEmail(account, victim);
      expect((await call(changed, 'DELETE', '/api/users/me')).statusCode).toBe(204);

      expect(await server().repos.invites.find(victim)).toMatchObject({ email_lower: victim });
      // The address's owner still gets in, with the tier the operator set for them.
      const owner = await signInWithGoogle(victim);
      expect((await register(owner)).subscriptionTier).toEqual({ maxGroups: 8, maxMembersPerGroup: 30 });
    });

    it('removes the invite of the address the account confirmed', async () => {
      const { account } = await registeredAccount(server());
      const email = account.email.toLowerCase();
      expect(await server().repos.invites.find(email)).toBeDefined();
      expect((await call(account, 'DELETE', '/api/users/me')).statusCode).toBe(204);
      expect(await server().repos.invites.find(email)).toBeUndefined();
    });

    it('removes the invite of a new address the identity provider has verified', async () => {
      const { account } = await registeredAccount(server());
      const next = uniqueEmail('next').toLowerCase();
      await admin().invite(operator, next);
      const confirmed = await confirmEmail({
        ...account,
        email: next,
        idToken: await changeEmail(account, next),
      });
      expect((await call(confirmed, 'DELETE', '/api/users/me')).statusCode).toBe(204);
      expect(await server().repos.invites.find(next)).toBeUndefined();
    });

    it('leaves the invite of an unconfirmed sign-up’s address', async () => {
      const email = uniqueEmail('unconfirmed').toLowerCase();
      await admin().invite(operator, email);
      const account = await signUp(email);
      await register(account);
      expect((await call(account, 'DELETE', '/api/users/me')).statusCode).toBe(204);
      expect(await server().repos.invites.find(email)).toBeDefined();
    });
  });

  describe('signing up', () => {
    it('admits an invited but unconfirmed address without storing it: the tier command does not reach that account', async () => {
      const ceo = await invitedWithTier('ceo', 40, 400);
      const impostor = await signUp(ceo);
      const profile = await register(impostor);
      // Admitted, as docs/security.md describes with REQUIRE_VERIFIED_EMAIL off; the profile shows
      // the address the account signs in with, but the tier on the invite waits for its owner.
      expect(profile.email).toBe(ceo);
      expect(profile.subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });
      expect(await server().repos.users.findByEmail(ceo)).toEqual([]);

      expect(await admin().setTier(operator, ceo, 50, 500)).toMatchObject({ target: 'invite', users: [] });
      const after = await call(impostor, 'GET', '/api/users/profile');
      expect(after.json<UserProfile>().subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });
      const listing = await admin().list(operator);
      expect(listing.invites.find((invite) => invite.email === ceo)?.registered).toBe(false);
      expect(listing.users.find((user) => user.username === profile.username)?.email).toBe('');
    });

    it('takes the address, and the tier its invite carries, once a later token says it is verified', async () => {
      const email = await invitedWithTier('later', 6, 12);
      const account = await signUp(email);
      const profile = await register(account);
      expect(profile.subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });

      const confirmed = await confirmEmail(account);
      const after = await call(confirmed, 'GET', '/api/users/profile');
      expect(after.json<UserProfile>()).toMatchObject({
        email,
        subscriptionTier: { maxGroups: 6, maxMembersPerGroup: 12 },
      });
      expect((await server().repos.users.findByEmail(email)).map((user) => user.uuid)).toEqual([
        profile.uuid,
      ]);
      expect(await admin().setTier(operator, email, 7, 14)).toMatchObject({
        target: 'user',
        users: [{ uuid: profile.uuid, username: profile.username }],
      });
    });

    it('stores a verified address at sign-up, with its invite’s tier', async () => {
      const email = await invitedWithTier('google', 9, 19);
      const profile = await register(await signInWithGoogle(email));
      expect(profile.subscriptionTier).toEqual({ maxGroups: 9, maxMembersPerGroup: 19 });
      expect((await server().repos.users.findByEmail(email)).map((user) => user.uuid)).toEqual([
        profile.uuid,
      ]);
    });

    it('forgets an address stored before this rule once a token says it is unconfirmed', async () => {
      const email = uniqueEmail('stored').toLowerCase();
      await admin().invite(operator, email);
      const account = await signUp(email);
      const profile = await register(account);
      // As an account that signed up unconfirmed before this rule holds it.
      await server().repos.users.update(profile.uuid, { email });
      expect((await call(account, 'GET', '/api/users/profile')).statusCode).toBe(200);
      expect(await server().repos.users.findByEmail(email)).toEqual([]);
    });
  });
});
