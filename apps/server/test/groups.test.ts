/**
 * Groups API authorization (docs/product.md, "Roles and permissions" and "Calls") on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines"). The rules: groups-rules.test.ts; stats:
 * groups-stats.test.ts; races and account deletion: groups-concurrency.test.ts.
 *
 * The matrix, tested cell by cell, each on a fresh group. Roles: outsider (signed in, has a
 * profile, never in the group), pending requester, rejected requester, member, admin, removed
 * (was a member, removed by an admin). Targets: decide = the pending user's request, allow = the
 * rejected user, remove member and promote = the member, demote = a second admin.
 *
 *   call (under /api)                           outsider pending rejected member admin removed
 *   POST   /groups                                 201     201     201     201    201    201
 *   GET    /groups, /groups/quota, /groups/search,
 *          /groups/user-join-requests              200     200     200     200    200    200
 *   POST   /groups/requests/:requestId             403a    403a    403a    403a   204    403a
 *   GET    /groups/invites/:code/check             200     200     200     200    200    200
 *   POST   /groups/invites/:code/accept            200     200     200     200*   200*   200
 *   GET    /groups/public/:id                      200     200     200     200    200    200
 *   DELETE /groups/:id                             403a    403a    403a    403a   204    403a
 *   GET    /groups/:id/can-join                    200+    200-    200-    200-   200-   200+
 *   GET    /groups/:id/members                     403m    403m    403m    200    200    403m
 *   DELETE /groups/:id/members (leave)             403m    403m    403m    204    204    403m
 *   DELETE /groups/:id/members/:userId             403a    403a    403a    403a   204    403a
 *   POST   /groups/:id/join-requests               201     409P    409R    409M   409M   201
 *   GET    /groups/:id/join-requests               403a    403a    403a    403a   200    403a
 *   POST   /groups/:id/join-requests/cancel        404n    204     404n    409A   409A   404n
 *   POST   /groups/:id/rejoin                      201     409P    201     409M   409M   201
 *   POST   /groups/:id/rejected-members/:uuid/allow
 *                                                  403a    403a    403a    403a   204    403a
 *   POST   /groups/:id/admins                      403a    403a    403a    403a   204    403a
 *   DELETE /groups/:id/admins/:userId              403a    403a    403a    403a   204    403a
 *   GET    /groups/:id/stats                       403m    403m    403m    200    200    403m
 *   POST   /groups/:id/invites                     403a    403a    403a    403a   201    403a
 *   GET    /groups/:id/invites                     403a    403a    403a    403a   200    403a
 *   DELETE /groups/:id/invites/:inviteId           403a    403a    403a    403a   204    403a
 *   GET    /pushups/group/:id/members              403m    403m    403m    200    200    403m
 *
 * 403a FORBIDDEN 'Only group admins can do this'; 403m FORBIDDEN 'You are not a member of this
 * group'; 409P REQUEST_PENDING; 409R REQUEST_REJECTED; 409M ALREADY_MEMBER; 409A
 * REQUEST_ALREADY_ACCEPTED; 404n NOT_FOUND 'You have no pending join request for this group';
 * 200* alreadyMember true; can-join 200+ canJoin true, 200- canJoin false with the reason.
 * Without a token every call is 401 UNAUTHENTICATED. An unknown group id is 404 'Group not found'
 * on every group call (decide: an unknown request, 404 'Join request not found'; invite check and
 * accept: an unknown code, 404 'Invite link not found').
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupServices, type GroupServices } from '../src/services/groups/group-services';
import { expectError, groupsHarness, type Method, type Person } from './groups-helpers';
import { createTestServer, ruleEngines, type TestServer } from './helpers';

type Role = 'outsider' | 'pending' | 'rejected' | 'member' | 'admin' | 'removed';
const ROLES: Role[] = ['outsider', 'pending', 'rejected', 'member', 'admin', 'removed'];

/** A fresh group with one user in every role (and a second admin, the demotion target). */
interface Fixture {
  groupId: string;
  groupName: string;
  code: string;
  inviteId: string;
  /** The pending user's request (the target of a decision). */
  requestId: string;
  people: Record<Role | 'coAdmin', Person>;
}

interface Expected {
  status: number;
  /** The exact body: `{message, code}` for errors; for some successes the answer itself. */
  body?: unknown;
}

interface MatrixCall {
  name: string;
  method: Method;
  url: (f: Fixture) => string;
  payload?: (f: Fixture) => unknown;
  expected: Record<Role, Expected>;
  /** The answer for an unknown group (or request, or invite code); absent: not group-specific. */
  unknown?: { url: (f: Fixture) => string; message: string };
}

const error = (status: number, code: string, message: string): Expected => ({
  status,
  body: { message, code },
});
const ADMINS_ONLY = error(403, 'FORBIDDEN', MESSAGES.serverAdminsOnly);
const NOT_MEMBER = error(403, 'FORBIDDEN', MESSAGES.serverNotGroupMember);
const ALREADY_MEMBER = error(409, 'ALREADY_MEMBER', MESSAGES.alreadyMember);

const all = (expected: Expected | ((role: Role) => Expected)): Record<Role, Expected> =>
  Object.fromEntries(
    ROLES.map((r) => [r, typeof expected === 'function' ? expected(r) : expected]),
  ) as Record<Role, Expected>;
const adminsOnly = (status: number) => all((r) => (r === 'admin' ? { status } : ADMINS_ONLY));
const membersOnly = (status: number) =>
  all((r) => (r === 'admin' || r === 'member' ? { status } : NOT_MEMBER));
const unknownGroup = (url: (f: Fixture) => string) => ({
  url: (f: Fixture) => url({ ...f, groupId: randomUUID() }),
  message: MESSAGES.serverGroupNotFound,
});

const group =
  (path = '') =>
  (f: Fixture) =>
    `/api/groups/${f.groupId}${path}`;

const MATRIX: MatrixCall[] = [
  {
    name: 'POST /groups',
    method: 'POST',
    url: () => '/api/groups',
    payload: () => ({ name: 'Fresh group' }),
    expected: all({ status: 201 }),
  },
  { name: 'GET /groups', method: 'GET', url: () => '/api/groups', expected: all({ status: 200 }) },
  {
    name: 'GET /groups/quota',
    method: 'GET',
    url: () => '/api/groups/quota',
    expected: all({ status: 200 }),
  },
  {
    name: 'GET /groups/search',
    method: 'GET',
    url: (f) => `/api/groups/search?q=${encodeURIComponent(f.groupName)}`,
    expected: all({ status: 200 }),
  },
  {
    name: 'GET /groups/user-join-requests',
    method: 'GET',
    url: () => '/api/groups/user-join-requests',
    expected: all({ status: 200 }),
  },
  {
    name: 'POST /groups/requests/:requestId',
    method: 'POST',
    url: (f) => `/api/groups/requests/${f.requestId}`,
    payload: () => ({ accept: true }),
    expected: adminsOnly(204),
    unknown: {
      url: () => `/api/groups/requests/${randomUUID()}`,
      message: MESSAGES.serverJoinRequestNotFound,
    },
  },
  {
    name: 'GET /groups/invites/:code/check',
    method: 'GET',
    url: (f) => `/api/groups/invites/${f.code}/check`,
    expected: all({ status: 200 }),
    unknown: {
      url: () => `/api/groups/invites/${'x'.repeat(32)}/check`,
      message: MESSAGES.serverInviteNotFound,
    },
  },
  {
    name: 'POST /groups/invites/:code/accept',
    method: 'POST',
    url: (f) => `/api/groups/invites/${f.code}/accept`,
    expected: all((r) => ({ status: 200, body: { alreadyMember: r === 'member' || r === 'admin' } })),
    unknown: {
      url: () => `/api/groups/invites/${'x'.repeat(32)}/accept`,
      message: MESSAGES.serverInviteNotFound,
    },
  },
  {
    name: 'GET /groups/public/:id',
    method: 'GET',
    url: (f) => `/api/groups/public/${f.groupId}`,
    expected: all({ status: 200 }),
    unknown: unknownGroup((f) => `/api/groups/public/${f.groupId}`),
  },
  {
    name: 'DELETE /groups/:id',
    method: 'DELETE',
    url: group(),
    expected: adminsOnly(204),
    unknown: unknownGroup(group()),
  },
  {
    name: 'GET /groups/:id/can-join',
    method: 'GET',
    url: group('/can-join'),
    expected: {
      outsider: { status: 200, body: { canJoin: true, reason: '' } },
      pending: { status: 200, body: { canJoin: false, reason: MESSAGES.alreadyPending } },
      rejected: { status: 200, body: { canJoin: false, reason: MESSAGES.previouslyRejected } },
      member: { status: 200, body: { canJoin: false, reason: MESSAGES.alreadyMember } },
      admin: { status: 200, body: { canJoin: false, reason: MESSAGES.alreadyMember } },
      removed: { status: 200, body: { canJoin: true, reason: '' } },
    },
    unknown: unknownGroup(group('/can-join')),
  },
  {
    name: 'GET /groups/:id/members',
    method: 'GET',
    url: group('/members'),
    expected: membersOnly(200),
    unknown: unknownGroup(group('/members')),
  },
  {
    name: 'DELETE /groups/:id/members (leave)',
    method: 'DELETE',
    url: group('/members'),
    expected: membersOnly(204),
    unknown: unknownGroup(group('/members')),
  },
  {
    name: 'DELETE /groups/:id/members/:userId',
    method: 'DELETE',
    url: (f) => `/api/groups/${f.groupId}/members/${f.people.member.uuid}`,
    expected: adminsOnly(204),
    unknown: unknownGroup((f) => `/api/groups/${f.groupId}/members/${f.people.member.uuid}`),
  },
  {
    name: 'POST /groups/:id/join-requests',
    method: 'POST',
    url: group('/join-requests'),
    expected: {
      outsider: { status: 201 },
      pending: error(409, 'REQUEST_PENDING', MESSAGES.alreadyPending),
      rejected: error(409, 'REQUEST_REJECTED', MESSAGES.previouslyRejected),
      member: ALREADY_MEMBER,
      admin: ALREADY_MEMBER,
      removed: { status: 201 },
    },
    unknown: unknownGroup(group('/join-requests')),
  },
  {
    name: 'GET /groups/:id/join-requests',
    method: 'GET',
    url: group('/join-requests'),
    expected: adminsOnly(200),
    unknown: unknownGroup(group('/join-requests')),
  },
  {
    name: 'POST /groups/:id/join-requests/cancel',
    method: 'POST',
    url: group('/join-requests/cancel'),
    expected: all((r) =>
      r === 'pending'
        ? { status: 204 }
        : r === 'member' || r === 'admin'
          ? error(409, 'REQUEST_ALREADY_ACCEPTED', MESSAGES.serverRequestAlreadyAccepted)
          : error(404, 'NOT_FOUND', MESSAGES.serverNoPendingRequest),
    ),
    unknown: unknownGroup(group('/join-requests/cancel')),
  },
  {
    name: 'POST /groups/:id/rejoin',
    method: 'POST',
    url: group('/rejoin'),
    expected: {
      outsider: { status: 201 },
      pending: error(409, 'REQUEST_PENDING', MESSAGES.serverRejoinPending),
      rejected: { status: 201 },
      member: ALREADY_MEMBER,
      admin: ALREADY_MEMBER,
      removed: { status: 201 },
    },
    unknown: unknownGroup(group('/rejoin')),
  },
  {
    name: 'POST /groups/:id/rejected-members/:uuid/allow',
    method: 'POST',
    url: (f) => `/api/groups/${f.groupId}/rejected-members/${f.people.rejected.uuid}/allow`,
    expected: adminsOnly(204),
    unknown: unknownGroup((f) => `/api/groups/${f.groupId}/rejected-members/${f.people.rejected.uuid}/allow`),
  },
  {
    name: 'POST /groups/:id/admins',
    method: 'POST',
    url: group('/admins'),
    payload: (f) => ({ userId: f.people.member.uuid }),
    expected: adminsOnly(204),
    unknown: unknownGroup(group('/admins')),
  },
  {
    name: 'DELETE /groups/:id/admins/:userId',
    method: 'DELETE',
    url: (f) => `/api/groups/${f.groupId}/admins/${f.people.coAdmin.uuid}`,
    expected: adminsOnly(204),
    unknown: unknownGroup((f) => `/api/groups/${f.groupId}/admins/${f.people.coAdmin.uuid}`),
  },
  {
    name: 'GET /groups/:id/stats',
    method: 'GET',
    url: group('/stats'),
    expected: membersOnly(200),
    unknown: unknownGroup(group('/stats')),
  },
  {
    name: 'POST /groups/:id/invites',
    method: 'POST',
    url: group('/invites'),
    payload: () => ({ maxUses: null, expiresInDays: 30 }),
    expected: adminsOnly(201),
    unknown: unknownGroup(group('/invites')),
  },
  {
    name: 'GET /groups/:id/invites',
    method: 'GET',
    url: group('/invites'),
    expected: adminsOnly(200),
    unknown: unknownGroup(group('/invites')),
  },
  {
    name: 'DELETE /groups/:id/invites/:inviteId',
    method: 'DELETE',
    url: (f) => `/api/groups/${f.groupId}/invites/${f.inviteId}`,
    expected: adminsOnly(204),
    unknown: unknownGroup((f) => `/api/groups/${f.groupId}/invites/${f.inviteId}`),
  },
  {
    name: 'GET /pushups/group/:id/members',
    method: 'GET',
    url: (f) => `/api/pushups/group/${f.groupId}/members`,
    expected: membersOnly(200),
    unknown: unknownGroup((f) => `/api/pushups/group/${f.groupId}/members`),
  },
];

const CELLS = MATRIX.flatMap((call) =>
  ROLES.map((role) => [call.name, role, call.expected[role].status, call] as const),
);

describe.each(ruleEngines)('groups API on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  const { call, person } = h;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('previews a usable invite link without a token: its group name only; unknown and dead codes are one 404', async () => {
    const [owner, joiner] = await h.people(2);
    const group = await h.createGroup(owner);
    const preview = (code: string) =>
      server.app.inject({ method: 'GET', url: `/api/groups/invites/${code}/preview` });

    const usable = await h.createInvite(owner, group.id);
    const answer = await preview(usable.code);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ groupName: group.name });

    const usedUp = await h.createInvite(owner, group.id, { maxUses: 1 });
    await h.acceptInvite(joiner, usedUp.code);
    const revoked = await h.createInvite(owner, group.id);
    expect(
      (await call(owner, 'DELETE', `/api/groups/${group.id}/invites/${revoked.inviteId}`)).statusCode,
    ).toBe(204);
    const unknown = await preview('x'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    for (const code of [usedUp.code, revoked.code]) {
      const dead = await preview(code);
      expect(dead.statusCode).toBe(404);
      expect(dead.json()).toEqual(unknown.json());
    }
  });

  it('shows a share link’s group without a token: its name and description only; an unknown id is a 404', async () => {
    const [owner] = await h.people(1);
    const group = await h.createGroup(owner, { description: 'Anyone welcome, 50 a day' });
    const preview = (id: string) =>
      server.app.inject({ method: 'GET', url: `/api/groups/public/${id}/preview` });

    const answer = await preview(group.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: group.name, description: group.description });
    expect(answer.headers['cache-control']).toBe('no-store');

    const unknown = await preview('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('authorization matrix', () => {
    let cast: Record<Role | 'coAdmin', Person>;
    let service: GroupServices;

    beforeAll(async () => {
      // One set of users in a fresh group per cell: a tier large enough for all of those groups.
      const tier = { maxGroups: 1000, maxMembersPerGroup: 20 };
      // One after another: the first tier assignment creates the tier, the others find it.
      const people: Person[] = [];
      for (let i = 0; i <= ROLES.length; i++) people.push(await person(tier));
      cast = Object.fromEntries(['coAdmin', ...ROLES].map((role, i) => [role, people[i]])) as typeof cast;
      service = createGroupServices(server.repos);
    });

    /** Every role set up through the service's own rules (the tested call goes through HTTP). */
    async function fixture(): Promise<Fixture> {
      const as = (role: Role | 'coAdmin') => h.authFor(cast[role]);
      const name = `Matrix ${randomUUID().slice(0, 8)}`;
      const created = await service.groups.create(as('admin'), { name });
      const invite = await service.inviteLinks.createInvite(as('admin'), created.id, {
        maxUses: null,
        expiresInDays: 30,
      });
      await service.inviteLinks.acceptInvite(as('coAdmin'), invite.code);
      await service.memberships.addAdmin(as('admin'), created.id, cast.coAdmin.uuid);
      const asked = await service.joinRequests.requestJoin(as('member'), created.id);
      await service.joinRequests.decideRequest(as('admin'), asked.requestId, true);
      await service.inviteLinks.acceptInvite(as('removed'), invite.code);
      await service.memberships.removeMember(as('admin'), created.id, cast.removed.uuid);
      const pending = await service.joinRequests.requestJoin(as('pending'), created.id);
      const rejected = await service.joinRequests.requestJoin(as('rejected'), created.id);
      await service.joinRequests.decideRequest(as('admin'), rejected.requestId, false);
      return {
        groupId: created.id,
        groupName: name,
        code: invite.code,
        inviteId: invite.inviteId,
        requestId: pending.requestId,
        people: cast,
      };
    }

    it('sets every role up as named', async () => {
      const f = await fixture();
      expect(await h.memberRows(f.groupId)).toEqual(
        [`${cast.admin.uuid}:admin`, `${cast.coAdmin.uuid}:admin`, `${cast.member.uuid}:member`].sort(),
      );
      expect(await h.requestRows(f.groupId)).toEqual(
        [
          `${cast.member.uuid}:accepted`,
          `${cast.pending.uuid}:pending`,
          `${cast.rejected.uuid}:rejected`,
        ].sort(),
      );
      expect((await h.groupRow(f.groupId))?.member_count).toBe(3);
    });

    it.each(CELLS)('%s as %s: %i', async (_name, role, _status, matrixCall) => {
      const f = await fixture();
      const response = await call(cast[role], matrixCall.method, matrixCall.url(f), matrixCall.payload?.(f));
      const expected = matrixCall.expected[role];
      expect(response.statusCode, response.body).toBe(expected.status);
      if (expected.status === 204) expect(response.body).toBe('');
      if (expected.body !== undefined) {
        if (expected.status >= 400) expect(response.json()).toEqual(expected.body);
        else expect(response.json()).toMatchObject(expected.body as object);
      }
    });

    it('answers 401 UNAUTHENTICATED without a token on every call', async () => {
      const f = await fixture();
      for (const matrixCall of MATRIX) {
        const response = await call(null, matrixCall.method, matrixCall.url(f), matrixCall.payload?.(f));
        expect(response.statusCode, matrixCall.name).toBe(401);
        expect(response.json()).toEqual({ message: MESSAGES.serverMissingToken, code: 'UNAUTHENTICATED' });
      }
      // Nothing changed.
      expect(await h.memberRows(f.groupId)).toHaveLength(3);
      expect(await h.requestRows(f.groupId)).toHaveLength(3);
    });

    it.each(MATRIX.filter((c) => c.unknown).map((c) => [c.name, c] as const))(
      '%s answers 404 for an unknown group, request or code',
      async (_name, matrixCall) => {
        const f = await fixture();
        const unknown = matrixCall.unknown as NonNullable<MatrixCall['unknown']>;
        // The admin of another group and an outsider alike.
        for (const role of ['admin', 'outsider'] as const) {
          const response = await call(cast[role], matrixCall.method, unknown.url(f), matrixCall.payload?.(f));
          expectError(response, 404, 'NOT_FOUND', unknown.message);
        }
      },
    );
  });
});
