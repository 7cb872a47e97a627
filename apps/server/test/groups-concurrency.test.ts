/**
 * Groups under concurrent calls, and account deletion, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL. Each race fires its calls at once through app.inject and then checks what every
 * call answered (never a 500) and what the database holds: seats equal to the member rows, the
 * quota held, a group never without an admin. Outcomes that depend on which call wins are checked
 * as "one of these", the invariants exactly; nothing here measures time.
 */
import { type Group, MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

/** Runs the same race in this many groups at once, so PostgreSQL gets to interleave them. */
const ROUNDS = 5;

describe.each(engines)('group races on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  const { call, body, person, people } = h;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const noServerErrors = (responses: Reply[]) => {
    for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
  };
  const admins = async (groupId: string) =>
    (await h.memberRows(groupId)).filter((row) => row.endsWith(':admin'));

  async function setJoinedAt(groupId: string, who: Person, joinedAt: string) {
    await h
      .db()
      .updateTable('group_members')
      .set({ joined_at: joinedAt })
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', who.uuid)
      .execute();
  }

  it('10 users accepting one link into a group capped at 3: exactly 3 members, the rest 409 GROUP_FULL', async () => {
    const owner = await person({ maxGroups: 5, maxMembersPerGroup: 3 });
    const g = await h.createGroup(owner);
    expect(g.maxMembers).toBe(3);
    const invite = await h.createInvite(owner, g.id);
    const joiners = await people(10);

    const responses = await Promise.all(
      joiners.map((joiner) => call(joiner, 'POST', `/api/groups/invites/${invite.code}/accept`)),
    );
    noServerErrors(responses);
    const joined = joiners.filter((_, i) => responses[i]?.statusCode === 200);
    expect(joined).toHaveLength(2);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expectError(response, 409, 'GROUP_FULL', MESSAGES.serverGroupFull);
    }
    expect(await h.memberRows(g.id)).toEqual(
      [`${owner.uuid}:admin`, ...joined.map((j) => `${j.uuid}:member`)].sort(),
    );
    expect(await h.seatsConsistent(g.id)).toBe(3);
    // Only the two seats taken count as uses.
    expect((await h.inviteRows(g.id)).map((row) => row.uses)).toEqual([2]);
  });

  it('a user with maxGroups 2 asking to join 5 groups at once gets 2 requests, the quota never below 0', async () => {
    const owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
    const user = await person({ maxGroups: 2, maxMembersPerGroup: 10 });
    const groups: Group[] = [];
    for (let i = 0; i < 5; i++) groups.push(await h.createGroup(owner));

    const responses = await Promise.all(
      groups.map((g) => call(user, 'POST', `/api/groups/${g.id}/join-requests`)),
    );
    noServerErrors(responses);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expectError(response, 409, 'GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);
    }
    expect(await h.quota(user)).toEqual({ maxGroups: 2, remainingGroups: 0 });
    const pending = await h
      .db()
      .selectFrom('group_join_requests')
      .select('group_id')
      .where('user_uuid', '=', user.uuid)
      .execute();
    expect(pending).toHaveLength(2);
  });

  it('every way into a group at once (create, request, rejoin, invite) stays within maxGroups', async () => {
    const owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
    const user = await person({ maxGroups: 3, maxMembersPerGroup: 10 });
    const [a, b, c, d, e] = [
      await h.createGroup(owner),
      await h.createGroup(owner),
      await h.createGroup(owner),
      await h.createGroup(owner),
      await h.createGroup(owner),
    ];
    await h.decide(owner, (await h.requestJoin(user, c.id)).requestId, false);
    const [intoD, intoE] = [await h.createInvite(owner, d.id), await h.createInvite(owner, e.id)];

    const responses = await Promise.all([
      call(user, 'POST', '/api/groups', { name: 'Race one' }),
      call(user, 'POST', '/api/groups', { name: 'Race two' }),
      call(user, 'POST', `/api/groups/${a.id}/join-requests`),
      call(user, 'POST', `/api/groups/${b.id}/join-requests`),
      call(user, 'POST', `/api/groups/${c.id}/rejoin`),
      call(user, 'POST', `/api/groups/invites/${intoD.code}/accept`),
      call(user, 'POST', `/api/groups/invites/${intoE.code}/accept`),
    ]);
    noServerErrors(responses);
    const succeeded = responses.filter((r) => r.statusCode < 300);
    expect(succeeded).toHaveLength(3);
    for (const response of responses.filter((r) => r.statusCode >= 300)) {
      expectError(response, 409, 'GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);
    }
    expect(await h.quota(user)).toEqual({ maxGroups: 3, remainingGroups: 0 });
    const { members, requests } = await h.rowsOfUser(user.uuid);
    const pending = await h
      .db()
      .selectFrom('group_join_requests')
      .select('group_id')
      .where('user_uuid', '=', user.uuid)
      .where('status', '=', 'pending')
      .execute();
    expect(members + pending.length).toBe(3);
    expect(requests).toBeGreaterThanOrEqual(pending.length);
  });

  it('approving 5 requests at once into a group with one free seat takes exactly that seat', async () => {
    const owner = await person({ maxGroups: 5, maxMembersPerGroup: 3 });
    const member = await person();
    const g = await h.groupWith(owner, [member]);
    const askers = await people(5);
    const requests = await Promise.all(askers.map((asker) => h.requestJoin(asker, g.id)));

    const responses = await Promise.all(
      requests.map((r) => call(owner, 'POST', `/api/groups/requests/${r.requestId}`, { accept: true })),
    );
    noServerErrors(responses);
    const winners = askers.filter((_, i) => responses[i]?.statusCode === 204);
    expect(winners).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 204)) {
      expectError(response, 409, 'GROUP_FULL', MESSAGES.serverGroupFull);
    }
    expect(await h.seatsConsistent(g.id)).toBe(3);
    expect(await h.requestRows(g.id)).toEqual(
      askers.map((a) => `${a.uuid}:${a === winners[0] ? 'accepted' : 'pending'}`).sort(),
    );
  });

  it('two admins deciding one request at once: one decision stands, the other is 409', async () => {
    const [owner, coAdmin] = await people(2);
    const askers = await people(ROUNDS);
    const groups = await Promise.all(
      askers.map(async () => {
        const g = await h.groupWith(owner, [coAdmin]);
        expect(
          (await call(owner, 'POST', `/api/groups/${g.id}/admins`, { userId: coAdmin.uuid })).statusCode,
        ).toBe(204);
        return g;
      }),
    );
    const requests = await Promise.all(groups.map((g, i) => h.requestJoin(askers[i] as Person, g.id)));

    await Promise.all(
      groups.map(async (g, i) => {
        const url = `/api/groups/requests/${requests[i]?.requestId}`;
        const [accept, reject] = await Promise.all([
          call(owner, 'POST', url, { accept: true }),
          call(coAdmin, 'POST', url, { accept: false }),
        ]);
        noServerErrors([accept, reject]);
        expect([accept.statusCode, reject.statusCode].sort()).toEqual([204, 409]);
        const loser = accept.statusCode === 409 ? accept : reject;
        expectError(loser, 409, 'CONFLICT', MESSAGES.serverJoinRequestHandled);
        const asker = askers[i] as Person;
        const accepted = accept.statusCode === 204;
        expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:${accepted ? 'accepted' : 'rejected'}`]);
        expect(await h.seatsConsistent(g.id)).toBe(accepted ? 3 : 2);
      }),
    );
  });

  it('two admins demoting each other at once: one succeeds, the group keeps an admin', async () => {
    const [a, b] = await people(2);
    const groups = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const g = await h.groupWith(a, [b]);
        expect((await call(a, 'POST', `/api/groups/${g.id}/admins`, { userId: b.uuid })).statusCode).toBe(
          204,
        );
        return g;
      }),
    );
    await Promise.all(
      groups.map(async (g) => {
        const [byA, byB] = await Promise.all([
          call(a, 'DELETE', `/api/groups/${g.id}/admins/${b.uuid}`),
          call(b, 'DELETE', `/api/groups/${g.id}/admins/${a.uuid}`),
        ]);
        expect([byA.statusCode, byB.statusCode].sort()).toEqual([204, 403]);
        // The loser was no longer an admin by the time its call ran.
        expectError(byA.statusCode === 403 ? byA : byB, 403, 'FORBIDDEN', MESSAGES.serverAdminsOnly);
        const winner = byA.statusCode === 204 ? a : b;
        expect(await admins(g.id)).toEqual([`${winner.uuid}:admin`]);
      }),
    );
  });

  it('an admin demoting an admin who leaves at that moment: no error, an admin remains', async () => {
    const [a, b, m] = await people(3);
    const groups = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const g = await h.groupWith(a, [b, m]);
        expect((await call(a, 'POST', `/api/groups/${g.id}/admins`, { userId: b.uuid })).statusCode).toBe(
          204,
        );
        return g;
      }),
    );
    await Promise.all(
      groups.map(async (g) => {
        const [demote, leave] = await Promise.all([
          call(a, 'DELETE', `/api/groups/${g.id}/admins/${b.uuid}`),
          call(b, 'DELETE', `/api/groups/${g.id}/members`),
        ]);
        noServerErrors([demote, leave]);
        expect(leave.statusCode).toBe(204);
        if (demote.statusCode !== 204) {
          expectError(demote, 404, 'NOT_FOUND', MESSAGES.serverMemberNotFound);
        }
        expect(await h.memberRows(g.id)).toEqual([`${a.uuid}:admin`, `${m.uuid}:member`].sort());
        expect(await h.seatsConsistent(g.id)).toBe(2);
      }),
    );
  });

  it('the last admin and the longest-standing member leaving at once: the next member becomes admin', async () => {
    const [owner, first, second] = await people(3);
    const groups = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const g = await h.groupWith(owner, [first, second]);
        await setJoinedAt(g.id, first, '2025-01-01T00:00:00.000Z');
        await setJoinedAt(g.id, second, '2025-01-02T00:00:00.000Z');
        return g;
      }),
    );
    await Promise.all(
      groups.map(async (g) => {
        const responses = await Promise.all([
          call(owner, 'DELETE', `/api/groups/${g.id}/members`),
          call(first, 'DELETE', `/api/groups/${g.id}/members`),
        ]);
        noServerErrors(responses);
        expect(responses.map((r) => r.statusCode)).toEqual([204, 204]);
        expect(await h.memberRows(g.id)).toEqual([`${second.uuid}:admin`]);
        expect(await h.seatsConsistent(g.id)).toBe(1);
      }),
    );
  });

  it('everyone leaving at once deletes the group, with nothing left behind', async () => {
    const members = await people(4);
    const [owner] = members;
    const groups = await Promise.all(
      Array.from({ length: ROUNDS }, () => h.groupWith(owner, members.slice(1))),
    );
    const asker = await person({ maxGroups: ROUNDS, maxMembersPerGroup: 10 });
    for (const g of groups) await h.requestJoin(asker, g.id);
    await Promise.all(
      groups.map(async (g) => {
        const responses = await Promise.all(
          members.map((m) => call(m, 'DELETE', `/api/groups/${g.id}/members`)),
        );
        noServerErrors(responses);
        expect(responses.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
        expect(await h.groupRow(g.id)).toBeUndefined();
        expect(await h.memberRows(g.id)).toEqual([]);
        expect(await h.requestRows(g.id)).toEqual([]);
        expect(await h.inviteRows(g.id)).toEqual([]);
      }),
    );
    expect(await h.quota(asker)).toEqual({ maxGroups: ROUNDS, remainingGroups: ROUNDS });
  });

  it('an admin deleting the group while members leave and others join: no error, nothing left', async () => {
    const [owner, m1, m2, joiner, asker] = await people(5);
    const groups = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const g = await h.groupWith(owner, [m1, m2]);
        return { g, invite: await h.createInvite(owner, g.id) };
      }),
    );
    for (const { g } of groups) await h.requestJoin(joiner, g.id);
    await Promise.all(
      groups.map(async ({ g, invite }) => {
        const [remove, leave1, leave2, accept, request] = await Promise.all([
          call(owner, 'DELETE', `/api/groups/${g.id}`),
          call(m1, 'DELETE', `/api/groups/${g.id}/members`),
          call(m2, 'DELETE', `/api/groups/${g.id}/members`),
          call(joiner, 'POST', `/api/groups/invites/${invite.code}/accept`),
          call(asker, 'POST', `/api/groups/${g.id}/join-requests`),
        ]);
        noServerErrors([remove, leave1, leave2, accept, request]);
        expect(remove.statusCode).toBe(204);
        for (const leave of [leave1, leave2]) expect([204, 403, 404]).toContain(leave.statusCode);
        expect([200, 404]).toContain(accept.statusCode);
        expect([201, 404]).toContain(request.statusCode);
        expect(await h.groupRow(g.id)).toBeUndefined();
        expect(await h.memberRows(g.id)).toEqual([]);
        expect(await h.requestRows(g.id)).toEqual([]);
        expect(await h.inviteRows(g.id)).toEqual([]);
      }),
    );
    for (const who of [m1, m2, joiner, asker])
      expect(await h.rowsOfUser(who.uuid)).toMatchObject({ members: 0 });
  });

  it('a user accepting a link while an admin approves their request: one membership, one seat', async () => {
    const owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
    const user = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const g = await h.createGroup(owner);
        const invite = await h.createInvite(owner, g.id);
        return { g, invite, request: await h.requestJoin(user, g.id) };
      }),
    );
    await Promise.all(
      rounds.map(async ({ g, invite, request }) => {
        const [approve, accept] = await Promise.all([
          call(owner, 'POST', `/api/groups/requests/${request.requestId}`, { accept: true }),
          call(user, 'POST', `/api/groups/invites/${invite.code}/accept`),
        ]);
        noServerErrors([approve, accept]);
        expect(accept.statusCode).toBe(200);
        if (approve.statusCode === 204) {
          expect(accept.json()).toMatchObject({ alreadyMember: true });
        } else {
          expectError(approve, 404, 'NOT_FOUND', MESSAGES.serverJoinRequestNotFound);
          expect(accept.json()).toMatchObject({ alreadyMember: false });
        }
        expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:admin`, `${user.uuid}:member`].sort());
        expect(await h.seatsConsistent(g.id)).toBe(2);
        expect((await h.inviteRows(g.id))[0]?.uses).toBe(approve.statusCode === 204 ? 0 : 1);
      }),
    );
    expect(await h.quota(user)).toEqual({ maxGroups: 10, remainingGroups: 10 - ROUNDS });
  });

  describe('account deletion', () => {
    it('removes memberships, requests and invites; hands groups over or deletes them; forgets the creator', async () => {
      const leaver = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
      const [early, late, other, host] = await people(4);

      // `leaver` the only admin, with members; early is the longest-standing.
      const led = await h.groupWith(leaver, [late, early]);
      await setJoinedAt(led.id, early, '2025-01-01T00:00:00.000Z');
      await setJoinedAt(led.id, late, '2025-01-02T00:00:00.000Z');
      await h.createInvite(leaver, led.id);
      await h.requestJoin(other, led.id);
      // `leaver` alone.
      const alone = await h.createGroup(leaver);
      await h.createInvite(leaver, alone.id);
      await h.requestJoin(other, alone.id);
      // A member of someone else's group, and an admin beside another admin.
      const joined = await h.groupWith(host, [leaver]);
      const coLed = await h.groupWith(host, [leaver, early]);
      expect(
        (await call(host, 'POST', `/api/groups/${coLed.id}/admins`, { userId: leaver.uuid })).statusCode,
      ).toBe(204);
      const coLedInvite = await h.createInvite(leaver, coLed.id);
      // A pending and a rejected request.
      const pendingIn = await h.createGroup(host);
      await h.requestJoin(leaver, pendingIn.id);
      const rejectedIn = await h.createGroup(host);
      await h.decide(host, (await h.requestJoin(leaver, rejectedIn.id)).requestId, false);

      expect((await call(leaver, 'DELETE', '/api/users/me')).statusCode).toBe(204);

      expect(await h.rowsOfUser(leaver.uuid)).toEqual({ members: 0, requests: 0, invites: 0 });
      expect(await h.memberRows(led.id)).toEqual([`${early.uuid}:admin`, `${late.uuid}:member`].sort());
      expect(await h.seatsConsistent(led.id)).toBe(2);
      expect(await h.requestRows(led.id)).toEqual([`${other.uuid}:pending`]);
      expect(await h.inviteRows(led.id)).toEqual([]);

      expect(await h.groupRow(alone.id)).toBeUndefined();
      expect(await h.requestRows(alone.id)).toEqual([]);
      expect(await h.inviteRows(alone.id)).toEqual([]);
      expect((await h.quota(other)).remainingGroups).toBe(4);

      expect(await h.memberRows(joined.id)).toEqual([`${host.uuid}:admin`]);
      expect(await h.seatsConsistent(joined.id)).toBe(1);
      expect(await h.memberRows(coLed.id)).toEqual([`${host.uuid}:admin`, `${early.uuid}:member`].sort());
      expect((await h.inviteRows(coLed.id)).map((row) => row.id)).not.toContain(coLedInvite.inviteId);
      expect(await h.requestRows(pendingIn.id)).toEqual([]);
      expect(await h.requestRows(rejectedIn.id)).toEqual([]);

      // The creator is forgotten where the group lives on; other groups keep theirs.
      expect(body<Group>(await call(early, 'GET', `/api/groups/public/${led.id}`), 200)).toMatchObject({
        createdBy: null,
        creator: null,
      });
      expect((await h.groupRow(led.id))?.created_by).toBeNull();
      expect(body<Group>(await call(early, 'GET', `/api/groups/public/${coLed.id}`), 200)).toMatchObject({
        createdBy: host.uuid,
        creator: { uuid: host.uuid, username: host.username },
      });
      // The promoted member acts as the admin.
      expect((await call(early, 'GET', `/api/groups/${led.id}/join-requests`)).statusCode).toBe(200);
      const users = await h.db().selectFrom('users').select('uuid').where('uuid', '=', leaver.uuid).execute();
      expect(users).toEqual([]);
    });

    it('an account deleted while an admin approves its request: no error, no rows left', async () => {
      const owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
      const leavers = await people(ROUNDS);
      const groups = await Promise.all(leavers.map(() => h.createGroup(owner)));
      const requests = await Promise.all(leavers.map((l, i) => h.requestJoin(l, (groups[i] as Group).id)));
      await Promise.all(
        leavers.map(async (leaver, i) => {
          const g = groups[i] as Group;
          const [deleted, decided] = await Promise.all([
            call(leaver, 'DELETE', '/api/users/me'),
            call(owner, 'POST', `/api/groups/requests/${requests[i]?.requestId}`, { accept: true }),
          ]);
          noServerErrors([deleted, decided]);
          expect(deleted.statusCode).toBe(204);
          if (decided.statusCode !== 204) {
            expectError(decided, 404, 'NOT_FOUND', MESSAGES.serverJoinRequestNotFound);
          }
          expect(await h.rowsOfUser(leaver.uuid)).toEqual({ members: 0, requests: 0, invites: 0 });
          expect(await h.memberRows(g.id)).toEqual([`${owner.uuid}:admin`]);
          expect(await h.seatsConsistent(g.id)).toBe(1);
        }),
      );
    });

    it('an account deleted while admins remove it, delete a group it is in and others use its link', async () => {
      const rounds = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const [leaver, admin, joiner] = await people(3);
          // In both groups the leaver is an admin beside `admin` and made a link; `doomed` gets deleted.
          const [kept, doomed] = [await h.groupWith(admin, [leaver]), await h.groupWith(admin, [leaver])];
          for (const g of [kept, doomed]) {
            expect(
              (await call(admin, 'POST', `/api/groups/${g.id}/admins`, { userId: leaver.uuid })).statusCode,
            ).toBe(204);
          }
          const link = await h.createInvite(leaver, kept.id);
          await h.createInvite(leaver, doomed.id);
          return { leaver, admin, joiner, kept, link, doomed };
        }),
      );
      await Promise.all(
        rounds.map(async ({ leaver, admin, joiner, kept, link, doomed }) => {
          const [deleted, removed, dropped, joined] = await Promise.all([
            call(leaver, 'DELETE', '/api/users/me'),
            call(admin, 'DELETE', `/api/groups/${kept.id}/members/${leaver.uuid}`),
            call(admin, 'DELETE', `/api/groups/${doomed.id}`),
            call(joiner, 'POST', `/api/groups/invites/${link.code}/accept`),
          ]);
          noServerErrors([deleted, removed, dropped, joined]);
          expect(deleted.statusCode).toBe(204);
          expect(dropped.statusCode).toBe(204);
          if (removed.statusCode !== 204)
            expectError(removed, 404, 'NOT_FOUND', MESSAGES.serverMemberNotFound);
          if (joined.statusCode !== 200) expectError(joined, 404, 'NOT_FOUND', MESSAGES.serverInviteNotFound);
          expect(await h.rowsOfUser(leaver.uuid)).toEqual({ members: 0, requests: 0, invites: 0 });
          const expected = [
            `${admin.uuid}:admin`,
            ...(joined.statusCode === 200 ? [`${joiner.uuid}:member`] : []),
          ];
          expect(await h.memberRows(kept.id)).toEqual(expected.sort());
          expect(await h.seatsConsistent(kept.id)).toBe(expected.length);
          expect(await h.groupRow(doomed.id)).toBeUndefined();
          expect(await h.inviteRows(doomed.id)).toEqual([]);
        }),
      );
    });

    it('the only admin and a member deleting their accounts at once: the group goes on or goes away', async () => {
      const groups = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const [admin, member, stays] = await people(3);
          const g = await h.groupWith(admin, [member, stays]);
          await setJoinedAt(g.id, member, '2025-01-01T00:00:00.000Z');
          return { g, admin, member, stays };
        }),
      );
      await Promise.all(
        groups.map(async ({ g, admin, member, stays }) => {
          const responses = await Promise.all([
            call(admin, 'DELETE', '/api/users/me'),
            call(member, 'DELETE', '/api/users/me'),
          ]);
          noServerErrors(responses);
          expect(responses.map((r) => r.statusCode)).toEqual([204, 204]);
          expect(await h.memberRows(g.id)).toEqual([`${stays.uuid}:admin`]);
          expect(await h.seatsConsistent(g.id)).toBe(1);
        }),
      );
    });
  });
});
