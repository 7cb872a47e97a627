/**
 * What a profile takes from the sign-in token, on SQLite (and PostgreSQL in the full tier,
 * docs/testing.md "Engines"): the email only once the identity provider has verified it (so an
 * operator's command by email cannot be aimed at an address the caller merely typed), and a photo
 * URL only when it is https.
 */
import { randomUUID } from 'node:crypto';
import type { UserProfile } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { groupsHarness } from './groups-helpers';
import {
  changeEmail,
  invitedAccount,
  ruleEngines,
  serverForSuite,
  signInWithGoogle,
  type TestAccount,
} from './helpers';

describe.each(ruleEngines)('the profile’s email and photo on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);

  /** POST /api/users for an account already invited; returns the new profile. */
  async function register(account: TestAccount): Promise<UserProfile> {
    const username = `p${randomUUID().slice(0, 8)}`;
    return h.body<UserProfile>(await h.call(account, 'POST', '/api/users', { username }), 201);
  }

  const putProfile = (idToken: string, payload: Record<string, unknown>) =>
    server().app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${idToken}` },
      payload,
    });

  it('keeps the stored email when the token brings an unverified one, so the admin tier command cannot be aimed at it', async () => {
    const owner = await h.person();
    const victim = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const changedToken = await changeEmail(owner.account, victim);
    const update = await putProfile(changedToken, { username: owner.username });
    expect(h.body<UserProfile>(update, 200).email).toBe(owner.account.email.toLowerCase());
    expect(await server().repos.users.findByEmail(victim)).toEqual([]);
  });

  it('takes an email change the identity provider verified', async () => {
    const google = await invitedAccount(server(), true);
    const profile = await register(google);
    await server().repos.users.update(profile.uuid, { email: 'before@example.com' });
    const update = await putProfile(google.idToken, { username: profile.username });
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
      const refused = await putProfile(who.account.idToken, { username: who.username, photoURL });
      expect(refused.statusCode, photoURL).toBe(400);
      expect(refused.json(), photoURL).toMatchObject({ message: 'Photo URL must be an https URL' });
    }
    const kept = await putProfile(who.account.idToken, {
      username: who.username,
      photoURL: 'https://example.com/me.png',
    });
    expect(h.body<UserProfile>(kept, 200).photoURL).toBe('https://example.com/me.png');
  });

  it('does not keep a sign-in photo that is not https', async () => {
    const account = await signInWithGoogle(undefined, 'javascript:alert(1)');
    await server().repos.invites.add(account.email.toLowerCase(), new Date().toISOString());
    expect((await register(account)).photoURL).toBeNull();
  });
});
