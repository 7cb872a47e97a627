/**
 * Invite links (docs/product.md, "Invite links"), through the HTTP API, on SQLite (and PostgreSQL
 * in the full tier, docs/testing.md "Engines"): their codes and expiry, uses counted against
 * maxUses, the dead links' answers, and a link that overrides a rejection.
 */
import { DEFAULT_TIER, type Invite, type InviteCheck, MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Reply } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';

describe.each(ruleEngines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, body, person } = h;
  /**
   * A dead link's check: why it is dead, and nothing of its group (written out here rather than
   * taken from the shared deadInviteCheck, so that a field added there cannot slip through).
   */
  const deadLink = (reason: string): InviteCheck => ({
    valid: false,
    reason,
    groupId: null,
    groupName: null,
    memberCount: null,
    maxMembers: null,
    isMember: false,
    expiresAt: null,
  });

  it('makes URL-safe invite codes of at least 128 bits that expire after the days sent', async () => {
    const owner = await person();
    const g = await h.createGroup(owner);
    const month = await h.createInvite(owner, g.id, { maxUses: null, expiresInDays: 30 });
    expect(month).toEqual({
      inviteId: expect.any(String),
      code: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      groupId: g.id,
      createdBy: { uuid: owner.uuid, username: owner.username },
      maxUses: null,
      uses: 0,
      expiresAt: expect.any(String),
      created_at: expect.any(String),
    });
    expect(month.code.length).toBeGreaterThanOrEqual(22);
    expect(typeof month.createdBy.uuid).toBe('string');
    const days = (invite: Invite) =>
      (Date.parse(invite.expiresAt) - Date.parse(invite.created_at)) / 86_400_000;
    expect(days(month)).toBe(30);

    const defaults = await h.createInvite(owner, g.id);
    expect(defaults).toMatchObject({ maxUses: null, uses: 0 });
    expect(days(defaults)).toBe(30);
    const week = await h.createInvite(owner, g.id, { maxUses: 5, expiresInDays: 7 });
    expect(week).toMatchObject({ maxUses: 5, uses: 0 });
    expect(days(week)).toBe(7);
    expect(new Set([month.code, defaults.code, week.code]).size).toBe(3);

    const listed = body<Invite[]>(await call(owner, 'GET', `/api/groups/${g.id}/invites`), 200);
    expect(listed.map((invite) => invite.inviteId).sort()).toEqual(
      [month.inviteId, defaults.inviteId, week.inviteId].sort(),
    );
    expect(listed.find((invite) => invite.inviteId === week.inviteId)).toEqual(week);
  });

  it('counts uses against maxUses and refuses used-up, revoked and expired links with their messages', async () => {
    const owner = await person();
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const g = await h.createGroup(owner);
    const refused = (response: Reply, message: string) =>
      expectError(response, 409, 'INVITE_INVALID', message);
    const uses = async (invite: Invite) =>
      (await h.inviteRows(g.id)).find((row) => row.id === invite.inviteId)?.uses;

    const limited = await h.createInvite(owner, g.id, { maxUses: 2, expiresInDays: 30 });
    expect(await h.checkInvite(c, limited.code)).toMatchObject({ valid: true, reason: '', isMember: false });
    expect(await h.acceptInvite(a, limited.code)).toEqual({
      groupId: g.id,
      groupName: g.name,
      alreadyMember: false,
    });
    expect(await h.acceptInvite(b, limited.code)).toEqual({
      groupId: g.id,
      groupName: g.name,
      alreadyMember: false,
    });
    expect(await uses(limited)).toBe(2);
    expect(await h.checkInvite(c, limited.code)).toEqual(deadLink(MESSAGES.serverInviteUsedUp));
    refused(await call(c, 'POST', `/api/groups/invites/${limited.code}/accept`), MESSAGES.serverInviteUsedUp);
    // A member accepting: a success that uses nothing, even on a used-up link.
    expect(await h.acceptInvite(a, limited.code)).toEqual({
      groupId: g.id,
      groupName: g.name,
      alreadyMember: true,
    });
    expect(await h.acceptInvite(owner, limited.code)).toMatchObject({ alreadyMember: true });
    expect(await uses(limited)).toBe(2);

    const revoked = await h.createInvite(owner, g.id);
    expect((await call(owner, 'DELETE', `/api/groups/${g.id}/invites/${revoked.inviteId}`)).statusCode).toBe(
      204,
    );
    expect(await h.checkInvite(c, revoked.code)).toEqual(deadLink(MESSAGES.serverInviteRevoked));
    refused(
      await call(c, 'POST', `/api/groups/invites/${revoked.code}/accept`),
      MESSAGES.serverInviteRevoked,
    );
    expectError(
      await call(owner, 'DELETE', `/api/groups/${g.id}/invites/${revoked.inviteId}`),
      404,
      'NOT_FOUND',
      MESSAGES.serverInviteNotFound,
    );
    const listed = body<Invite[]>(await call(owner, 'GET', `/api/groups/${g.id}/invites`), 200);
    expect(listed.map((invite) => invite.inviteId)).toEqual([limited.inviteId]);

    const expired = await h.createInvite(owner, g.id);
    await h
      .db()
      .updateTable('group_invites')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', expired.inviteId)
      .execute();
    expect(await h.checkInvite(c, expired.code)).toEqual(deadLink(MESSAGES.serverInviteExpired));
    refused(
      await call(c, 'POST', `/api/groups/invites/${expired.code}/accept`),
      MESSAGES.serverInviteExpired,
    );
    expect(await uses(expired)).toBe(0);

    expect(await h.memberRows(g.id)).toEqual(
      [`${owner.uuid}:admin`, `${a.uuid}:member`, `${b.uuid}:member`].sort(),
    );
    expect(await h.seatsConsistent(g.id)).toBe(3);
    expect((await h.quota(c)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);

    // A link of another group cannot be revoked through this one.
    const other = await h.createGroup(owner);
    const foreign = await h.createInvite(owner, other.id);
    expectError(
      await call(owner, 'DELETE', `/api/groups/${g.id}/invites/${foreign.inviteId}`),
      404,
      'NOT_FOUND',
      MESSAGES.serverInviteNotFound,
    );
    expect(await uses(foreign)).toBeUndefined();
    expect((await h.inviteRows(other.id))[0]?.revoked_at).toBeNull();
  });

  it('an invite link overrides a rejection and turns a pending request into the membership', async () => {
    const [owner, pending, rejected] = await Promise.all([person(), person(), person()]);
    const g = await h.createGroup(owner);
    await h.requestJoin(pending, g.id);
    await h.decide(owner, (await h.requestJoin(rejected, g.id)).requestId, false);
    const invite = await h.createInvite(owner, g.id);
    await h.acceptInvite(pending, invite.code);
    await h.acceptInvite(rejected, invite.code);
    expect(await h.requestRows(g.id)).toEqual([]);
    expect(await h.memberRows(g.id)).toEqual(
      [`${owner.uuid}:admin`, `${pending.uuid}:member`, `${rejected.uuid}:member`].sort(),
    );
    expect((await h.quota(pending)).remainingGroups).toBe(DEFAULT_TIER.maxGroups - 1);
    expect((await h.inviteRows(g.id))[0]?.uses).toBe(2);
  });
});
