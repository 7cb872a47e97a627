/**
 * The limits of groups (docs/product.md, "Limits"), through the HTTP API, on SQLite (and PostgreSQL
 * in the full tier, docs/testing.md "Engines"): the quota of groups joined plus pending requests on
 * every path, a group's seats from the creator's tier, and a full group. Every refusal is checked
 * for its status, code and message and for what it did not write.
 */
import { DEFAULT_TIER, groupMaxMembersMessage, MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, expectGroupFull, expectGroupLimitReached, groupsHarness } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';

describe.each(ruleEngines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, person } = h;

  it('counts groups joined plus pending requests, and refuses beyond maxGroups on every path', async () => {
    const user = await person({ maxGroups: 2, maxMembersPerGroup: 5 });
    const owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 2 });
    const own = await h.createGroup(user);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 1 });

    const [a, b, c, d] = [
      await h.createGroup(owner),
      await h.createGroup(owner),
      await h.createGroup(owner),
      await h.createGroup(owner),
    ];
    // Rejected from c while there was room: a rejection uses nothing.
    await h.decide(owner, (await h.requestJoin(user, c.id)).requestId, false);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 1 });
    await h.requestJoin(user, a.id);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 0 });
    const invite = await h.createInvite(owner, d.id);

    expectGroupLimitReached(await call(user, 'POST', '/api/groups', { name: 'One too many' }));
    expectGroupLimitReached(await call(user, 'POST', `/api/groups/${b.id}/join-requests`));
    expectGroupLimitReached(await call(user, 'POST', `/api/groups/${c.id}/rejoin`));
    expectGroupLimitReached(await call(user, 'POST', `/api/groups/invites/${invite.code}/accept`));
    expect(await h.canJoin(user, b.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    // Nothing was written by the refusals.
    expect(await h.groupsCreatedBy(user)).toBe(1);
    expect(await h.requestRows(b.id)).toEqual([]);
    expect(await h.requestRows(c.id)).toEqual([`${user.uuid}:rejected`]);
    expect(await h.memberRows(d.id)).toEqual([`${owner.uuid}:admin`]);
    expect((await h.inviteRows(d.id)).map((row) => row.uses)).toEqual([0]);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 0 });

    // An invite into the group of the pending request turns that request into the membership.
    const intoA = await h.createInvite(owner, a.id);
    expect(await h.acceptInvite(user, intoA.code)).toEqual({
      groupId: a.id,
      groupName: a.name,
      alreadyMember: false,
    });
    expect(await h.requestRows(a.id)).toEqual([]);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 0 });
    expect((await h.myGroups(user)).map((mine) => mine.id).sort()).toEqual([own.id, a.id].sort());

    // Leaving frees a place.
    expect((await call(user, 'DELETE', `/api/groups/${own.id}/members`)).statusCode).toBe(204);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 1 });
    await h.requestJoin(user, b.id);
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 0 });
  });

  it('defaults maxMembers to the creator’s maxMembersPerGroup and refuses a larger one (400)', async () => {
    const creator = await person({ maxGroups: 5, maxMembersPerGroup: 3 });
    const g = await h.createGroup(creator);
    expect(g).toEqual({
      id: expect.any(String),
      name: g.name,
      description: null,
      created_at: expect.any(String),
      creator: { uuid: creator.uuid, username: creator.username },
      createdBy: creator.uuid,
      maxMembers: 3,
      memberCount: 1,
    });
    expect((await h.myGroups(creator)).map((mine) => [mine.id, mine.role])).toEqual([[g.id, 'admin']]);
    expect((await h.createGroup(creator, { maxMembers: 2 })).maxMembers).toBe(2);
    expectError(
      await call(creator, 'POST', '/api/groups', { name: 'Too big', maxMembers: 4 }),
      400,
      'VALIDATION_ERROR',
      groupMaxMembersMessage(3),
    );
    expect(await h.groupsCreatedBy(creator)).toBe(2);
    expect((await h.createGroup(await person())).maxMembers).toBe(DEFAULT_TIER.maxMembersPerGroup);
  });

  it('a full group refuses approval and invite acceptance (409 GROUP_FULL) and writes nothing', async () => {
    const owner = await person({ maxGroups: 5, maxMembersPerGroup: 3 });
    const [a, b, c, d] = await Promise.all([person(), person(), person(), person()]);
    const g = await h.createGroup(owner);
    const requestA = await h.requestJoin(a, g.id);
    const requestB = await h.requestJoin(b, g.id);
    await h.decide(owner, requestA.requestId, true);
    const invite = await h.createInvite(owner, g.id);
    await h.acceptInvite(c, invite.code);
    expect(await h.seatsConsistent(g.id)).toBe(3);

    expectGroupFull(
      await call(owner, 'POST', `/api/groups/requests/${requestB.requestId}`, { accept: true }),
    );
    expect(await h.requestRows(g.id)).toContain(`${b.uuid}:pending`);
    // b's own request survives a refused invite too (the whole transaction is undone).
    expectGroupFull(await call(b, 'POST', `/api/groups/invites/${invite.code}/accept`));
    expectGroupFull(await call(d, 'POST', `/api/groups/invites/${invite.code}/accept`));
    expect(await h.requestRows(g.id)).toEqual([`${a.uuid}:accepted`, `${b.uuid}:pending`].sort());
    expect((await h.inviteRows(g.id)).map((row) => row.uses)).toEqual([1]);
    expect(await h.memberRows(g.id)).toEqual(
      [`${owner.uuid}:admin`, `${a.uuid}:member`, `${c.uuid}:member`].sort(),
    );
    expect(await h.seatsConsistent(g.id)).toBe(3);
    expect((await h.quota(b)).remainingGroups).toBe(DEFAULT_TIER.maxGroups - 1);
    expect((await h.quota(d)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);
    expect(await h.checkInvite(d, invite.code)).toEqual({
      valid: false,
      reason: MESSAGES.serverGroupFull,
      groupId: g.id,
      groupName: g.name,
      memberCount: 3,
      maxMembers: 3,
      isMember: false,
      expiresAt: invite.expiresAt,
    });
    expect(await h.checkInvite(c, invite.code)).toMatchObject({ valid: true, reason: '', isMember: true });

    // A seat freed: the same approval now works.
    expect((await call(c, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);
    await h.decide(owner, requestB.requestId, true);
    expect(await h.memberRows(g.id)).toContain(`${b.uuid}:member`);
    expect(await h.seatsConsistent(g.id)).toBe(3);
  });
});
