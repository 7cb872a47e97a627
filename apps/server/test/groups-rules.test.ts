/**
 * Group rules of docs/product.md, "States and transitions", "Validation", "Limits", "Calls" and "Data rules", through the HTTP API, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL: join requests, cancel, rejection and rejoin, can-join,
 * the quota on every path, seats, admins, leaving, invite links, invalid input and search.
 * Every refusal is checked for its status, code and message and for what it did not write.
 */
import {
  type CanJoin,
  DEFAULT_TIER,
  type Group,
  type GroupMember,
  groupMaxMembersMessage,
  type Invite,
  type InviteCheck,
  MESSAGES,
  type UserJoinRequest,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

describe.each(engines)('group rules on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  const { call, body, person } = h;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cancelUrl = (groupId: string) => `/api/groups/${groupId}/join-requests/cancel`;
  const canJoin = async (who: Person, groupId: string) =>
    body<CanJoin>(await call(who, 'GET', `/api/groups/${groupId}/can-join`), 200);
  const myRequests = async (who: Person, status = 'pending') =>
    body<UserJoinRequest[]>(await call(who, 'GET', `/api/groups/user-join-requests?status=${status}`), 200);
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
  const checkInvite = async (who: Person, code: string) =>
    body<InviteCheck>(await call(who, 'GET', `/api/groups/invites/${code}/check`), 200);
  const limitReached = (response: Reply) =>
    expectError(response, 409, 'GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);
  const groupFull = (response: Reply) => expectError(response, 409, 'GROUP_FULL', MESSAGES.serverGroupFull);
  const groupsCreatedBy = async (who: Person) =>
    (await h.db().selectFrom('groups').select('id').where('created_by', '=', who.uuid).execute()).length;

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
    expect(await myRequests(asker)).toEqual([request]);
    expect(await myRequests(asker, 'rejected')).toEqual([]);
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

  it('counts the requests waiting on each group for its admins only, as they come and go (issue 20)', async () => {
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
    expect(await myRequests(asker, 'rejected')).toMatchObject([{ groupId: g.id, status: 'rejected' }]);
    expect(await myRequests(asker)).toEqual([]);
    expect((await h.groupRequests(owner, g.id, 'rejected')).map((r) => r.user.uuid)).toEqual([asker.uuid]);
    // A rejection does not count towards the quota.
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);

    expectError(
      await call(asker, 'POST', `/api/groups/${g.id}/join-requests`),
      409,
      'REQUEST_REJECTED',
      MESSAGES.previouslyRejected,
    );
    const eligibility = await canJoin(asker, g.id);
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
    expect(await canJoin(asker, g.id)).toEqual({ canJoin: true, reason: '' });

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

    expect(await canJoin(owner, full.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyMember });
    expect(await canJoin(member, full.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyMember });
    expect(await canJoin(asker, open.id)).toEqual({ canJoin: false, reason: MESSAGES.alreadyPending });
    expect(await canJoin(outsider, full.id)).toEqual({ canJoin: false, reason: MESSAGES.serverGroupFull });
    expect(await canJoin(outsider, open.id)).toEqual({ canJoin: true, reason: '' });
    expect(await canJoin(atQuota, open.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    expect(await canJoin(atQuota, full.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    // A full group refuses the request itself too.
    groupFull(await call(outsider, 'POST', `/api/groups/${full.id}/join-requests`));
    expect(await h.requestRows(full.id)).toEqual([]);
  });

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

    limitReached(await call(user, 'POST', '/api/groups', { name: 'One too many' }));
    limitReached(await call(user, 'POST', `/api/groups/${b.id}/join-requests`));
    limitReached(await call(user, 'POST', `/api/groups/${c.id}/rejoin`));
    limitReached(await call(user, 'POST', `/api/groups/invites/${invite.code}/accept`));
    expect(await canJoin(user, b.id)).toEqual({ canJoin: false, reason: MESSAGES.maxGroupsReached });
    // Nothing was written by the refusals.
    expect(await groupsCreatedBy(user)).toBe(1);
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
    expect(await groupsCreatedBy(creator)).toBe(2);
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

    groupFull(await call(owner, 'POST', `/api/groups/requests/${requestB.requestId}`, { accept: true }));
    expect(await h.requestRows(g.id)).toContain(`${b.uuid}:pending`);
    // b's own request survives a refused invite too (the whole transaction is undone).
    groupFull(await call(b, 'POST', `/api/groups/invites/${invite.code}/accept`));
    groupFull(await call(d, 'POST', `/api/groups/invites/${invite.code}/accept`));
    expect(await h.requestRows(g.id)).toEqual([`${a.uuid}:accepted`, `${b.uuid}:pending`].sort());
    expect((await h.inviteRows(g.id)).map((row) => row.uses)).toEqual([1]);
    expect(await h.memberRows(g.id)).toEqual(
      [`${owner.uuid}:admin`, `${a.uuid}:member`, `${c.uuid}:member`].sort(),
    );
    expect(await h.seatsConsistent(g.id)).toBe(3);
    expect((await h.quota(b)).remainingGroups).toBe(DEFAULT_TIER.maxGroups - 1);
    expect((await h.quota(d)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);
    expect(await checkInvite(d, invite.code)).toEqual({
      valid: false,
      reason: MESSAGES.serverGroupFull,
      groupId: g.id,
      groupName: g.name,
      memberCount: 3,
      maxMembers: 3,
      isMember: false,
      expiresAt: invite.expiresAt,
    });
    expect(await checkInvite(c, invite.code)).toMatchObject({ valid: true, reason: '', isMember: true });

    // A seat freed: the same approval now works.
    expect((await call(c, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);
    await h.decide(owner, requestB.requestId, true);
    expect(await h.memberRows(g.id)).toContain(`${b.uuid}:member`);
    expect(await h.seatsConsistent(g.id)).toBe(3);
  });

  it('promotes the longest-standing member when the last admin leaves', async () => {
    const [owner, early, late, third] = await Promise.all([person(), person(), person(), person()]);
    const g = await h.groupWith(owner, [late, early, third]);
    // `early` joined first by date, though after `late` in time (and whatever their uuids).
    for (const [who, joinedAt] of [
      [early, '2025-01-01T00:00:00.000Z'],
      [late, '2025-01-02T00:00:00.000Z'],
      [third, '2025-01-03T00:00:00.000Z'],
    ] as const) {
      await h
        .db()
        .updateTable('group_members')
        .set({ joined_at: joinedAt })
        .where('group_id', '=', g.id)
        .where('user_uuid', '=', who.uuid)
        .execute();
    }
    const members = body<GroupMember[]>(await call(owner, 'GET', `/api/groups/${g.id}/members`), 200);
    expect(members.map((m) => [m.uuid, m.role])).toEqual([
      [early.uuid, 'member'],
      [late.uuid, 'member'],
      [third.uuid, 'member'],
      [owner.uuid, 'admin'],
    ]);

    expect((await call(owner, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);
    expect(await h.memberRows(g.id)).toEqual(
      [`${early.uuid}:admin`, `${late.uuid}:member`, `${third.uuid}:member`].sort(),
    );
    expect(await h.myGroups(owner)).toEqual([]);
    expect((await h.myGroups(early)).map((mine) => mine.role)).toEqual(['admin']);

    // With another admin left, an admin leaving promotes nobody.
    expect((await call(early, 'POST', `/api/groups/${g.id}/admins`, { userId: late.uuid })).statusCode).toBe(
      204,
    );
    expect((await call(early, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);
    expect(await h.memberRows(g.id)).toEqual([`${late.uuid}:admin`, `${third.uuid}:member`].sort());
    expect(await h.seatsConsistent(g.id)).toBe(2);
    // The creator is still named although they left.
    expect(body<Group>(await call(third, 'GET', `/api/groups/public/${g.id}`), 200).createdBy).toBe(
      owner.uuid,
    );
  });

  it('deletes the group with its requests and invites when the last member leaves', async () => {
    const [owner, asker, rejected] = await Promise.all([person(), person(), person()]);
    const g = await h.createGroup(owner);
    await h.createInvite(owner, g.id);
    await h.requestJoin(asker, g.id);
    await h.decide(owner, (await h.requestJoin(rejected, g.id)).requestId, false);
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups - 1);

    expect((await call(owner, 'DELETE', `/api/groups/${g.id}/members`)).statusCode).toBe(204);
    expect(await h.groupRow(g.id)).toBeUndefined();
    expect(await h.memberRows(g.id)).toEqual([]);
    expect(await h.requestRows(g.id)).toEqual([]);
    expect(await h.inviteRows(g.id)).toEqual([]);
    expectError(
      await call(asker, 'GET', `/api/groups/public/${g.id}`),
      404,
      'NOT_FOUND',
      MESSAGES.serverGroupNotFound,
    );
    expect(await h.quota(asker)).toEqual({
      maxGroups: DEFAULT_TIER.maxGroups,
      remainingGroups: DEFAULT_TIER.maxGroups,
    });
    expect(await myRequests(asker)).toEqual([]);
    expect(await h.myGroups(owner)).toEqual([]);
  });

  it('an admin deletes the group with its members, requests and invites', async () => {
    const [owner, member, asker] = await Promise.all([person(), person(), person()]);
    const g = await h.groupWith(owner, [member]);
    await h.requestJoin(asker, g.id);
    expect((await call(owner, 'DELETE', `/api/groups/${g.id}`)).statusCode).toBe(204);
    expect(await h.groupRow(g.id)).toBeUndefined();
    expect(await h.memberRows(g.id)).toEqual([]);
    expect(await h.requestRows(g.id)).toEqual([]);
    expect(await h.inviteRows(g.id)).toEqual([]);
    expect(await h.myGroups(member)).toEqual([]);
    expect((await h.quota(asker)).remainingGroups).toBe(DEFAULT_TIER.maxGroups);
  });

  it('keeps an admin: demoting the last one is 409 LAST_ADMIN; removing oneself is 400', async () => {
    const [owner, member, outsider] = await Promise.all([person(), person(), person()]);
    const g = await h.groupWith(owner, [member]);
    const adminUrl = (who: Person) => `/api/groups/${g.id}/admins/${who.uuid}`;
    const memberUrl = (who: Person) => `/api/groups/${g.id}/members/${who.uuid}`;

    expectError(await call(owner, 'DELETE', adminUrl(owner)), 409, 'LAST_ADMIN', MESSAGES.serverLastAdmin);
    expectError(await call(owner, 'DELETE', memberUrl(owner)), 400, 'BAD_REQUEST', MESSAGES.serverRemoveSelf);
    expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:admin`, `${member.uuid}:member`].sort());

    // Demoting a member changes nothing; promoting, then demoting oneself, is fine with two admins.
    expect((await call(owner, 'DELETE', adminUrl(member))).statusCode).toBe(204);
    expect(
      (await call(owner, 'POST', `/api/groups/${g.id}/admins`, { userId: member.uuid })).statusCode,
    ).toBe(204);
    expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:admin`, `${member.uuid}:admin`].sort());
    expect((await call(owner, 'DELETE', adminUrl(owner))).statusCode).toBe(204);
    expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:member`, `${member.uuid}:admin`].sort());
    expectError(await call(member, 'DELETE', adminUrl(member)), 409, 'LAST_ADMIN', MESSAGES.serverLastAdmin);
    expectError(await call(owner, 'DELETE', memberUrl(member)), 403, 'FORBIDDEN', MESSAGES.serverAdminsOnly);

    // Targets that are not members.
    const notMember = (response: Reply) =>
      expectError(response, 404, 'NOT_FOUND', MESSAGES.serverMemberNotFound);
    notMember(await call(member, 'POST', `/api/groups/${g.id}/admins`, { userId: outsider.uuid }));
    notMember(await call(member, 'DELETE', adminUrl(outsider)));
    notMember(await call(member, 'DELETE', memberUrl(outsider)));
    expect(await h.memberRows(g.id)).toHaveLength(2);

    // An admin removes a member: the seat is freed.
    expect((await call(member, 'DELETE', memberUrl(owner))).statusCode).toBe(204);
    expect(await h.memberRows(g.id)).toEqual([`${member.uuid}:admin`]);
    expect(await h.seatsConsistent(g.id)).toBe(1);
    expect(await h.myGroups(owner)).toEqual([]);
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
    expect(await checkInvite(c, limited.code)).toMatchObject({ valid: true, reason: '', isMember: false });
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
    expect(await checkInvite(c, limited.code)).toEqual(deadLink(MESSAGES.serverInviteUsedUp));
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
    expect(await checkInvite(c, revoked.code)).toEqual(deadLink(MESSAGES.serverInviteRevoked));
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
    expect(await checkInvite(c, expired.code)).toEqual(deadLink(MESSAGES.serverInviteExpired));
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

  describe('invalid input answers 400 with the spec’s message and writes nothing', () => {
    let owner: Person;
    let g: Group;
    let asker: Person;
    let request: UserJoinRequest;
    beforeAll(async () => {
      owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
      asker = await person();
      g = await h.createGroup(owner);
      request = await h.requestJoin(asker, g.id);
    });

    it.each([
      ['too short', { name: 'ab' }],
      ['too short once trimmed', { name: '  ab   ' }],
      ['too long', { name: 'x'.repeat(31) }],
      ['blank', { name: '     ' }],
      ['missing', {}],
      ['not a string', { name: 42 }],
    ])('a group name that is %s', async (_label, payload) => {
      const before = await groupsCreatedBy(owner);
      expectError(
        await call(owner, 'POST', '/api/groups', payload),
        400,
        'VALIDATION_ERROR',
        MESSAGES.groupNameInvalid,
      );
      expect(await groupsCreatedBy(owner)).toBe(before);
    });

    it('trims the group name (3 and 30 characters once trimmed are fine)', async () => {
      const spaced = body<Group>(
        await call(owner, 'POST', '/api/groups', { name: '   Morning Crew  ' }),
        201,
      );
      expect(spaced.name).toBe('Morning Crew');
      expect(await h.groupRow(spaced.id)).toMatchObject({
        name: 'Morning Crew',
        name_lower: 'morning crew',
      });
      const longest = `  ${'y'.repeat(30)}  `;
      expect(body<Group>(await call(owner, 'POST', '/api/groups', { name: longest }), 201).name).toBe(
        'y'.repeat(30),
      );
      expect(body<Group>(await call(owner, 'POST', '/api/groups', { name: ' abc ' }), 201).name).toBe('abc');
    });

    it.each([
      ['maxUses is 0', { maxUses: 0, expiresInDays: 30 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is 1.5', { maxUses: 1.5 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is 1001', { maxUses: 1001 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is a string', { maxUses: '3' }, MESSAGES.inviteMaxUsesInvalid],
      ['expiresInDays is 0', { maxUses: null, expiresInDays: 0 }, MESSAGES.inviteExpiryInvalid],
      ['expiresInDays is -1', { expiresInDays: -1 }, MESSAGES.inviteExpiryInvalid],
      ['expiresInDays is 366', { expiresInDays: 366 }, MESSAGES.inviteExpiryInvalid],
    ])('an invite whose %s', async (_label, payload, message) => {
      expectError(
        await call(owner, 'POST', `/api/groups/${g.id}/invites`, payload),
        400,
        'VALIDATION_ERROR',
        message,
      );
      expect(await h.inviteRows(g.id)).toEqual([]);
    });

    it.each([
      ['a string', { accept: 'yes' }],
      ['a number', { accept: 1 }],
      ['null', { accept: null }],
      ['missing', {}],
    ])('a decision whose accept is %s', async (_label, payload) => {
      expectError(
        await call(owner, 'POST', `/api/groups/requests/${request.requestId}`, payload),
        400,
        'VALIDATION_ERROR',
        'accept must be true or false',
      );
      expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);
    });

    it.each([
      ['blank', '?q=%20%20%20', MESSAGES.groupSearchEmpty],
      ['empty', '?q=', MESSAGES.groupSearchEmpty],
      ['missing', '', MESSAGES.groupSearchEmpty],
      ['longer than 30 characters', `?q=${'z'.repeat(31)}`, MESSAGES.groupSearchTooLong],
    ])('a search whose q is %s', async (_label, query, message) => {
      expectError(await call(owner, 'GET', `/api/groups/search${query}`), 400, 'VALIDATION_ERROR', message);
    });
  });

  it('searches names ignoring case, by contains-match, % and _ literally, at most 20 by name', async () => {
    const owner = await person({ maxGroups: 40, maxMembersPerGroup: 10 });
    const tag = Array.from({ length: 8 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const names = [
      `${tag} MiXeD Case`,
      `${tag} 100%`,
      `${tag} 1000`,
      `${tag} a_b`,
      `${tag} axb`,
      `${tag} back\\slash`,
    ];
    const created: Group[] = [];
    for (const name of names)
      created.push(body<Group>(await call(owner, 'POST', '/api/groups', { name }), 201));
    const search = async (q: string) =>
      body<Group[]>(await call(owner, 'GET', `/api/groups/search?q=${encodeURIComponent(q)}`), 200);
    const found = async (q: string) => (await search(q)).map((g) => g.name);

    expect(await search(`${tag} mixed case`)).toEqual([created[0]]);
    expect(await found(`${tag.toUpperCase()} MIXED`)).toEqual([`${tag} MiXeD Case`]);
    expect(await found(`${tag.slice(3)} mixed c`)).toEqual([`${tag} MiXeD Case`]);
    expect(await found(`${tag} 100%`)).toEqual([`${tag} 100%`]);
    expect(await found(`${tag} a_b`)).toEqual([`${tag} a_b`]);
    expect(await found(`${tag} back\\slash`)).toEqual([`${tag} back\\slash`]);
    expect(await found(`${tag} 10`)).toEqual([`${tag} 100%`, `${tag} 1000`]);
    for (const literal of ['%', '_']) {
      const hits = await found(literal);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit).toContain(literal);
    }
    expect(await found(`${tag}%`)).toEqual([]);
    expect(await found(`  ${tag} axb  `)).toEqual([`${tag} axb`]);

    for (let i = 21; i >= 0; i--) {
      body(await call(owner, 'POST', '/api/groups', { name: `${tag} n${String(i).padStart(2, '0')}` }), 201);
    }
    expect(await found(`${tag} n`)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${tag} n${String(i).padStart(2, '0')}`),
    );
  });
});
