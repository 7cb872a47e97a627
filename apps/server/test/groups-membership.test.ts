/**
 * Admins, leaving and deleting a group (docs/product.md, "Roles and permissions", "Data rules"),
 * through the HTTP API, on SQLite (and PostgreSQL in the full tier, docs/testing.md "Engines"): the
 * longest-standing member promoted when the last admin leaves, the group gone with its last member,
 * and a group that always keeps an admin.
 */
import { DEFAULT_TIER, type Group, type GroupMember, MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';

describe.each(ruleEngines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, body, person } = h;

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
    expect(await h.myRequests(asker)).toEqual([]);
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
});
