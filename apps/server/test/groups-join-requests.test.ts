/**
 * Join requests (docs/product.md, "States and transitions"), through the HTTP API, on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines"): one pending request per user and group,
 * the admins' count of them, cancel, rejection, rejoin and allow, and can-join with its reason.
 * Every refusal is checked for its status, code and message and for what it did not write.
 */
import { DEFAULT_TIER, MESSAGES, type UserJoinRequest } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, expectGroupFull, groupsHarness, type Person } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';

describe.each(ruleEngines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, body, person } = h;
  const cancelUrl = (groupId: string) => `/api/groups/${groupId}/join-requests/cancel`;

  it('keeps one pending request per user and group, listed for the user and the admins', async () => {
    const [owner, asker] = await Promise.all([person(), person()]);
    const g = await h.createGroup(owner);
    const request = await h.requestJoin(asker, g.id);
    expect(request).toEqual({
      requestId: expect.any(String),
      groupId: g.id,
      groupName: g.name,
      status: 'pending',
      requestedAt: expect.any(String),
    });
    expectError(
      await call(asker, 'POST', `/api/groups/${g.id}/join-requests`),
      409,
      'REQUEST_PENDING',
      MESSAGES.alreadyPending,
    );
    expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);
    expect(await h.myRequests(asker)).toEqual([request]);
    expect(await h.myRequests(asker, 'rejected')).toEqual([]);
    expect(await h.groupRequests(owner, g.id)).toEqual([
      {
        requestId: request.requestId,
        groupId: g.id,
        user: { uuid: asker.uuid, username: asker.username },
        status: 'pending',
        requestedAt: request.requestedAt,
        created_at: request.requestedAt,
      },
    ]);
    expect(await h.quota(asker)).toEqual({
      maxGroups: DEFAULT_TIER.maxGroups,
      remainingGroups: DEFAULT_TIER.maxGroups - 1,
    });
  });

  it('counts the requests waiting on each group for its admins only, as they come and go', async () => {
    const [owner, member, first, second] = await Promise.all([person(), person(), person(), person()]);
    const g = await h.groupWith(owner, [member]);
    const pendingOf = async (who: Person) =>
      (await h.myGroups(who)).find((x) => x.id === g.id)?.pendingRequests;
    expect(await pendingOf(owner)).toBe(0);
    const request = await h.requestJoin(first, g.id);
    await h.requestJoin(second, g.id);
    expect(await pendingOf(owner)).toBe(2);
    // A member does not handle requests and is not told of them.
    expect(await pendingOf(member)).toBe(0);
    await h.decide(owner, request.requestId, true);
    expect(await pendingOf(owner)).toBe(1);
    expect(await pendingOf(first)).toBe(0);
    expect((await call(second, 'POST', cancelUrl(g.id))).statusCode).toBe(204);
    expect(await pendingOf(owner)).toBe(0);
  });

  it('cancels a pending request; one accepted meanwhile answers 409 REQUEST_ALREADY_ACCEPTED', async () => {
    const [owner, asker] = await Promise.all([person(), person()]);
    const g = await h.createGroup(owner);
    await h.requestJoin(asker, g.id);
    const cancelled = await call(asker, 'POST', cancelUrl(g.id));
    expect(cancelled.statusCode).toBe(204);
    expect(await h.requestRows(g.id)).toEqual([]);
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);
    expectError(
      await call(asker, 'POST', cancelUrl(g.id)),
      404,
      'NOT_FOUND',
      MESSAGES.serverNoPendingRequest,
    );

    // Asked again, and the admin accepts before the cancel arrives.
    const again = await h.requestJoin(asker, g.id);
    await h.decide(owner, again.requestId, true);
    expectError(
      await call(asker, 'POST', cancelUrl(g.id)),
      409,
      'REQUEST_ALREADY_ACCEPTED',
      MESSAGES.serverRequestAlreadyAccepted,
    );
    expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:admin`, `${asker.uuid}:member`].sort());
    expect(await h.seatsConsistent(g.id)).toBe(2);
    expect((await h.myGroups(asker)).map((mine) => [mine.id, mine.role])).toEqual([[g.id, 'member']]);
    // A decided request cannot be decided again.
    expectError(
      await call(owner, 'POST', `/api/groups/requests/${again.requestId}`, { accept: false }),
      409,
      'CONFLICT',
      MESSAGES.serverJoinRequestHandled,
    );
  });

  it('refuses a rejected user’s request (409 REQUEST_REJECTED); rejoin makes it pending again, once', async () => {
    const [owner, asker] = await Promise.all([person(), person()]);
    const g = await h.createGroup(owner);
    const first = await h.requestJoin(asker, g.id);
    await h.decide(owner, first.requestId, false);
    expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:rejected`]);
    expect(await h.myRequests(asker, 'rejected')).toMatchObject([{ groupId: g.id, status: 'rejected' }]);
    expect(await h.myRequests(asker)).toEqual([]);
    expect((await h.groupRequests(owner, g.id, 'rejected')).map((r) => r.user.uuid)).toEqual([asker.uuid]);
    // A rejection does not count towards the quota.
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);

    expectError(
      await call(asker, 'POST', `/api/groups/${g.id}/join-requests`),
      409,
      'REQUEST_REJECTED',
      MESSAGES.previouslyRejected,
    );
    const eligibility = await h.canJoin(asker, g.id);
    expect(eligibility).toEqual({ canJoin: false, reason: MESSAGES.previouslyRejected });
    expect(eligibility.reason).toContain('rejected');

    const rejoined = body<UserJoinRequest>(await call(asker, 'POST', `/api/groups/${g.id}/rejoin`), 201);
    expect(rejoined).toMatchObject({ groupId: g.id, groupName: g.name, status: 'pending' });
    expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);
    expect(await h.groupRequests(owner, g.id, 'rejected')).toEqual([]);
    expect((await h.groupRequests(owner, g.id)).map((r) => r.requestId)).toEqual([rejoined.requestId]);
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups - 1);

    const twice = await call(asker, 'POST', `/api/groups/${g.id}/rejoin`);
    expectError(twice, 409, 'REQUEST_PENDING', MESSAGES.serverRejoinPending);
    expect(twice.json<{ message: string }>().message).toContain('pending request');
    expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);

    await h.decide(owner, rejoined.requestId, true);
    expect(await h.memberRows(g.id)).toContain(`${asker.uuid}:member`);
  });

  it('allow lifts a rejection: can-join is true again and a join request works', async () => {
    const [owner, asker, bystander] = await Promise.all([person(), person(), person()]);
    const g = await h.createGroup(owner);
    const allowUrl = (who: Person) => `/api/groups/${g.id}/rejected-members/${who.uuid}/allow`;
    await h.decide(owner, (await h.requestJoin(asker, g.id)).requestId, false);

    expectError(await call(owner, 'POST', allowUrl(bystander)), 404, 'NOT_FOUND', MESSAGES.serverNotRejected);
    const allowed = await call(owner, 'POST', allowUrl(asker));
    expect(allowed.statusCode).toBe(204);
    expect(await h.requestRows(g.id)).toEqual([]);
    expect(await h.groupRequests(owner, g.id, 'rejected')).toEqual([]);
    expect(await h.canJoin(asker, g.id)).toEqual({ canJoin: true, reason: '' });

    const request = await h.requestJoin(asker, g.id);
    expect(request.status).toBe('pending');
    // Only a rejection can be lifted: a pending request stays as it is.
    expectError(await call(owner, 'POST', allowUrl(asker)), 404, 'NOT_FOUND', MESSAGES.serverNotRejected);
    expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);
  });

  it('answers can-join with the reason: member, pending, rejected, quota, full (in that order)', async () => {
    const owner = await person({ maxGroups: 10, maxMembersPerGroup: 2 });
    const [member, asker, outsider] = await Promise.all([person(), person(), person()]);
    const atQuota = await person({ maxGroups: 1, maxMembersPerGroup: 10 });
    const full = await h.groupWith(owner, [member]);
    const open = await h.createGroup(owner);
    await h.requestJoin(asker, open.id);
    await h.createGroup(atQuota);

    expect(await h.canJoin(owner, full.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyMember });
    expect(await h.canJoin(member, full.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyMember });
    expect(await h.canJoin(asker, open.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyPending });
    expect(await h.canJoin(outsider, full.id)).toEqual({ canJoin: false, reason: MESSAGES.serverGroupFull });
    expect(await h.canJoin(outsider, open.id)).toEqual({ canJoin: true, reason: '' });
    expect(await h.canJoin(atQuota, open.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    expect(await h.canJoin(atQuota, full.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    // A full group refuses the request itself too.
    expectGroupFull(await call(outsider, 'POST', `/api/groups/${full.id}/join-requests`));
    expect(await h.requestRows(full.id)).toEqual([]);
  });
});
