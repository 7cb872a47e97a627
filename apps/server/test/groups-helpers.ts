import { randomUUID } from 'node:crypto';
import {
  type CanJoin,
  type Group,
  type GroupQuota,
  type Invite,
  type InviteAccept,
  type InviteCheck,
  type JoinRequest,
  MESSAGES,
  type UserGroup,
  type UserJoinRequest,
  type UserProfile,
} from '@pushup/shared';
import { expect } from 'vitest';
import type { AuthContext } from '../src/auth/context';
import { AdminService } from '../src/services/users/admin.service';
import { bearer, registeredAccount, type TestAccount, type TestServer } from './helpers';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Reply = Awaited<ReturnType<TestServer['app']['inject']>>;

/** A registered user: the emulator account and the profile. */
export interface Person {
  account: TestAccount;
  profile: UserProfile;
  uuid: string;
  username: string;
}

export interface Tier {
  maxGroups: number;
  maxMembersPerGroup: number;
}

/** A tuple of N items (so `const [a, b] = await people(2)` needs no checks). */
export type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N
  ? R
  : Tuple<T, N, [T, ...R]>;

const operator = { kind: 'operator' } as const;

/** Asserts an error answer exactly: status and `{ message, code }`, nothing else. */
export function expectError(response: Reply, status: number, code: string, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message, code });
}

/** Asserts the refusal of a group that has no seat left. */
export function expectGroupFull(response: Reply): void {
  expectError(response, 409, 'GROUP_FULL', MESSAGES.serverGroupFull);
}

/** Asserts the refusal of a user whose groups and pending requests already reach maxGroups. */
export function expectGroupLimitReached(response: Reply): void {
  expectError(response, 409, 'GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);
}

/** The group calls, users with tiers and the rows behind them, for one test server. */
export function groupsHarness(getServer: () => TestServer) {
  const db = () => getServer().db.handle.db;

  function call(
    who: Person | TestAccount | null,
    method: Method,
    url: string,
    payload?: unknown,
    timezone = 'UTC',
  ): Promise<Reply> {
    const account = who === null ? null : 'account' in who ? who.account : who;
    return getServer().app.inject({
      method,
      url,
      headers: { ...(account ? bearer(account) : {}), 'x-timezone': timezone },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  /** The JSON of a response that must have this status. */
  function body<T>(response: Reply, status: number): T {
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  /** A registered user, with a tier of its own when given. */
  async function person(tier?: Tier, username?: string): Promise<Person> {
    const server = getServer();
    const { account, profile } = await registeredAccount(server, username);
    if (tier) {
      const assigned = await new AdminService(server.repos).setTier(
        operator,
        account.email,
        tier.maxGroups,
        tier.maxMembersPerGroup,
      );
      expect(assigned).toMatchObject({ target: 'user' });
    }
    return { account, profile, uuid: profile.uuid, username: profile.username };
  }

  /** `n` registered users with the default tier, created at once. */
  function people<N extends number>(n: N): Promise<Tuple<Person, N>> {
    return Promise.all(Array.from({ length: n }, () => person())) as Promise<Tuple<Person, N>>;
  }

  /** What the auth hook would build for this person (to seed through the service directly). */
  function authFor(who: Person, timezone = 'UTC'): AuthContext {
    return {
      kind: 'user',
      uid: who.account.uid,
      email: who.account.email.toLowerCase(),
      emailVerified: true,
      picture: null,
      userUuid: who.uuid,
      timezone,
    };
  }

  async function createGroup(owner: Person, extra: Record<string, unknown> = {}): Promise<Group> {
    const name = `G ${randomUUID().slice(0, 12)}`;
    return body<Group>(await call(owner, 'POST', '/api/groups', { name, ...extra }), 201);
  }

  async function createInvite(admin: Person, groupId: string, payload: unknown = {}): Promise<Invite> {
    return body<Invite>(await call(admin, 'POST', `/api/groups/${groupId}/invites`, payload), 201);
  }

  async function acceptInvite(who: Person, code: string): Promise<InviteAccept> {
    return body<InviteAccept>(await call(who, 'POST', `/api/groups/invites/${code}/accept`), 200);
  }

  /** A group of `owner` that `members` joined (through one invite link), in this order. */
  async function groupWith(owner: Person, members: Person[], extra: Record<string, unknown> = {}) {
    const group = await createGroup(owner, extra);
    if (members.length > 0) {
      const invite = await createInvite(owner, group.id);
      for (const member of members)
        expect(await acceptInvite(member, invite.code)).toMatchObject({ alreadyMember: false });
    }
    return group;
  }

  async function requestJoin(who: Person, groupId: string): Promise<UserJoinRequest> {
    return body<UserJoinRequest>(await call(who, 'POST', `/api/groups/${groupId}/join-requests`), 201);
  }

  async function decide(admin: Person, requestId: string, accept: boolean): Promise<void> {
    const response = await call(admin, 'POST', `/api/groups/requests/${requestId}`, { accept });
    expect(response.statusCode, response.body).toBe(204);
  }

  async function quota(who: Person): Promise<GroupQuota> {
    return body<GroupQuota>(await call(who, 'GET', '/api/groups/quota'), 200);
  }

  async function myGroups(who: Person): Promise<UserGroup[]> {
    return body<UserGroup[]>(await call(who, 'GET', '/api/groups'), 200);
  }

  async function canJoin(who: Person, groupId: string): Promise<CanJoin> {
    return body<CanJoin>(await call(who, 'GET', `/api/groups/${groupId}/can-join`), 200);
  }

  /** The caller's own join requests with this status. */
  async function myRequests(who: Person, status = 'pending'): Promise<UserJoinRequest[]> {
    return body<UserJoinRequest[]>(
      await call(who, 'GET', `/api/groups/user-join-requests?status=${status}`),
      200,
    );
  }

  async function checkInvite(who: Person, code: string): Promise<InviteCheck> {
    return body<InviteCheck>(await call(who, 'GET', `/api/groups/invites/${code}/check`), 200);
  }

  async function groupRequests(admin: Person, groupId: string, status = 'pending'): Promise<JoinRequest[]> {
    return body<JoinRequest[]>(
      await call(admin, 'GET', `/api/groups/${groupId}/join-requests?status=${status}`),
      200,
    );
  }

  // Rows, read straight from the database (what a call must or must not have written).

  function groupRow(groupId: string) {
    return db().selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst();
  }

  /** Members as `uuid:role`, sorted. */
  async function memberRows(groupId: string): Promise<string[]> {
    const rows = await db()
      .selectFrom('group_members')
      .select(['user_uuid', 'role'])
      .where('group_id', '=', groupId)
      .execute();
    return rows.map((r) => `${r.user_uuid}:${r.role}`).sort();
  }

  /** Join requests as `uuid:status`, sorted. */
  async function requestRows(groupId: string): Promise<string[]> {
    const rows = await db()
      .selectFrom('group_join_requests')
      .select(['user_uuid', 'status'])
      .where('group_id', '=', groupId)
      .execute();
    return rows.map((r) => `${r.user_uuid}:${r.status}`).sort();
  }

  /** How many groups the user created (read from the rows: a refused create must add none). */
  async function groupsCreatedBy(who: Person): Promise<number> {
    return (await db().selectFrom('groups').select('id').where('created_by', '=', who.uuid).execute()).length;
  }

  function inviteRows(groupId: string) {
    return db().selectFrom('group_invites').selectAll().where('group_id', '=', groupId).execute();
  }

  /** Every row any group table holds for this user (account deletion must leave none). */
  async function rowsOfUser(userUuid: string) {
    const [members, requests, invites] = await Promise.all([
      db().selectFrom('group_members').select('group_id').where('user_uuid', '=', userUuid).execute(),
      db().selectFrom('group_join_requests').select('group_id').where('user_uuid', '=', userUuid).execute(),
      db().selectFrom('group_invites').select('group_id').where('created_by', '=', userUuid).execute(),
    ]);
    return { members: members.length, requests: requests.length, invites: invites.length };
  }

  /** The stored member_count agrees with the member rows; answers it. */
  async function seatsConsistent(groupId: string): Promise<number> {
    const group = await groupRow(groupId);
    const rows = await memberRows(groupId);
    expect(group?.member_count).toBe(rows.length);
    return rows.length;
  }

  return {
    db,
    call,
    body,
    person,
    people,
    authFor,
    createGroup,
    createInvite,
    acceptInvite,
    groupWith,
    requestJoin,
    decide,
    quota,
    myGroups,
    canJoin,
    myRequests,
    checkInvite,
    groupRequests,
    groupRow,
    groupsCreatedBy,
    memberRows,
    requestRows,
    inviteRows,
    rowsOfUser,
    seatsConsistent,
  };
}

export type GroupsHarness = ReturnType<typeof groupsHarness>;
