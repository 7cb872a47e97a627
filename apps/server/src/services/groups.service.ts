import { randomBytes, randomUUID } from 'node:crypto';
import {
  addDays,
  type CanJoin,
  type CreateGroupBody,
  type CreateInviteInput,
  dayInZone,
  GROUP_SEARCH_LIMIT,
  type Group,
  type GroupMember,
  type GroupMemberStats,
  type GroupQuota,
  type GroupStats,
  groupMaxMembersMessage,
  INVITE_CODE_BYTES,
  type Invite,
  type InviteAccept,
  type InviteCheck,
  type JoinRequest,
  MESSAGES,
  monthStartOf,
  TROPHIES,
  type UserGroup,
  type UserJoinRequest,
  weekStartOf,
} from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import type {
  GroupRow,
  GroupWithCreator,
  InviteLinkRow,
  InviteWithCreator,
  RequestStatus,
  Role,
  UserRequestRow,
} from '../repositories/groups.repository';

const userNotFound = () => new AppError('USER_NOT_FOUND', MESSAGES.serverUserNotFound);
const groupNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverGroupNotFound);
const notMember = () => new AppError('FORBIDDEN', MESSAGES.serverNotGroupMember);
const adminsOnly = () => new AppError('FORBIDDEN', MESSAGES.serverAdminsOnly);
const memberNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverMemberNotFound);
const groupFull = () => new AppError('GROUP_FULL', MESSAGES.serverGroupFull);
const limitReached = () => new AppError('GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);
const inviteNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverInviteNotFound);
const requestNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverJoinRequestNotFound);

export function toGroup(row: GroupWithCreator): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    creator:
      row.created_by && row.creator_username
        ? { uuid: row.created_by, username: row.creator_username }
        : null,
    createdBy: row.created_by,
    maxMembers: row.max_members,
    memberCount: row.member_count,
  };
}

function toUserRequest(row: UserRequestRow): UserJoinRequest {
  return {
    requestId: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    status: row.status,
    requestedAt: row.created_at,
  };
}

function toInvite(row: InviteWithCreator): Invite {
  return {
    inviteId: row.id,
    code: row.code,
    groupId: row.group_id,
    createdBy: { uuid: row.created_by, username: row.creator_username },
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: row.expires_at,
    created_at: row.created_at,
  };
}

/** Why an invite link cannot be used now, or null when it can. */
function inviteRefusal(invite: InviteLinkRow, now: string): string | null {
  if (invite.revoked_at !== null) return MESSAGES.serverInviteRevoked;
  if (invite.expires_at <= now) return MESSAGES.serverInviteExpired;
  if (invite.max_uses !== null && invite.uses >= invite.max_uses) return MESSAGES.serverInviteUsedUp;
  return null;
}

/**
 * Why this user may not ask to join this group, or null when they may (spec section 5, in the
 * spec's order: member, pending, rejected, quota; then a full group). A rejoin is a rejected (or
 * former) member asking again: the rejection does not stop it.
 */
async function joinRefusal(
  repos: Repositories,
  group: GroupRow,
  user: { uuid: string; max_groups: number },
  rejoin = false,
): Promise<AppError | null> {
  if (await repos.groups.roleOf(group.id, user.uuid)) {
    return new AppError('ALREADY_MEMBER', MESSAGES.alreadyMember);
  }
  const request = await repos.groups.findRequest(group.id, user.uuid);
  if (request?.status === 'pending') {
    return new AppError('REQUEST_PENDING', rejoin ? MESSAGES.serverRejoinPending : MESSAGES.alreadyPending);
  }
  if (request?.status === 'rejected' && !rejoin) {
    return new AppError('REQUEST_REJECTED', MESSAGES.previouslyRejected);
  }
  if ((await repos.groups.groupsInUse(user.uuid)) >= user.max_groups) return limitReached();
  if (group.member_count >= group.max_members) return groupFull();
  return null;
}

/**
 * Takes `userUuid` out of the group inside the caller's transaction, which already holds the
 * group's row lock (so departures run one after another and the admin count below sees the
 * others). An emptied group is deleted; a group that lost its last admin promotes its
 * longest-standing member (design section 6).
 * Answers the role the user had, or undefined when they were not a member.
 */
export async function departGroup(
  repos: Repositories,
  groupId: string,
  userUuid: string,
  now: string,
): Promise<Role | undefined> {
  const role = await repos.groups.deleteMember(groupId, userUuid);
  if (!role) return undefined;
  await repos.groups.deleteRequest(groupId, userUuid, ['pending', 'accepted', 'rejected']);
  const remaining = await repos.groups.freeSeat(groupId, now);
  if (remaining === 0) {
    await repos.groups.deleteGroup(groupId);
  } else if (role === 'admin' && (await repos.groups.countAdmins(groupId)) === 0) {
    const successor = await repos.groups.longestStandingMember(groupId);
    if (successor) await repos.groups.setRole(groupId, successor, 'admin');
  }
  return role;
}

/** Account deletion: every group row of the user, inside the deletion's transaction. */
export async function removeUserFromGroups(
  repos: Repositories,
  userUuid: string,
  now: string,
): Promise<void> {
  // Every group the user has a row in, locked by id before any of those rows: group rows come
  // first in every group write, and in one order here, so a deletion never deadlocks with them.
  for (const groupId of await repos.groups.groupIdsOfUser(userUuid)) await repos.groups.lockGroup(groupId);
  await repos.groups.deleteRequestsOfUser(userUuid);
  await repos.groups.deleteInvitesCreatedBy(userUuid);
  for (const membership of await repos.groups.membershipsOf(userUuid)) {
    await departGroup(repos, membership.group_id, userUuid, now);
  }
  await repos.groups.forgetCreator(userUuid);
}

/**
 * Groups, memberships, join requests and invite links (spec sections 4-7, design section 5).
 * Every rule is checked here inside the write's transaction. Locks follow one order: the caller's
 * user row (writes that change their group count, so the quota holds), then the group's row, then
 * the group's other rows. Concurrent writes to a group queue on its row instead of deadlocking
 * (PostgreSQL), and roles, seats and requests are read after the lock, so they are current.
 */
export class GroupsService {
  constructor(private readonly repos: Repositories) {}

  /** The caller's profile, locked until commit, with its tier. */
  private async lockCaller(repos: Repositories, auth: AuthContext) {
    const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
    if (!userUuid) throw userNotFound();
    const user = await repos.users.findByUuid(userUuid);
    if (!user) throw userNotFound();
    return user;
  }

  private async requireGroup(repos: Repositories, groupId: string): Promise<GroupWithCreator> {
    const group = await repos.groups.findGroup(groupId);
    if (!group) throw groupNotFound();
    return group;
  }

  /** An existing group and the caller's role in it; 404 for no group, 403 for an outsider. */
  private async requireMember(repos: Repositories, auth: AuthContext, groupId: string) {
    const group = await this.requireGroup(repos, groupId);
    const role = auth.userUuid ? await repos.groups.roleOf(groupId, auth.userUuid) : undefined;
    if (!role || !auth.userUuid) throw notMember();
    return { group, role, userUuid: auth.userUuid };
  }

  /** As requireMember, for admins only (403 for members and outsiders alike). */
  private async requireAdmin(repos: Repositories, auth: AuthContext, groupId: string) {
    const group = await this.requireGroup(repos, groupId);
    const role = auth.userUuid ? await repos.groups.roleOf(groupId, auth.userUuid) : undefined;
    if (role !== 'admin' || !auth.userUuid) throw adminsOnly();
    return { group, userUuid: auth.userUuid };
  }

  /**
   * Inside a transaction: the group's row lock, then the admin check. Checked after the lock, an
   * admin demoted or removed by a concurrent call can no longer act as one.
   */
  private async lockAsAdmin(repos: Repositories, auth: AuthContext, groupId: string) {
    await repos.groups.lockGroup(groupId);
    return this.requireAdmin(repos, auth, groupId);
  }

  async create(auth: AuthContext, body: CreateGroupBody): Promise<Group> {
    const id = randomUUID();
    await this.repos.transaction(async (repos) => {
      const user = await this.lockCaller(repos, auth);
      if (body.maxMembers !== undefined && body.maxMembers > user.max_members_per_group) {
        throw new AppError('VALIDATION_ERROR', groupMaxMembersMessage(user.max_members_per_group));
      }
      if ((await repos.groups.groupsInUse(user.uuid)) >= user.max_groups) throw limitReached();
      const now = new Date().toISOString();
      await repos.groups.insertGroup({
        id,
        name: body.name,
        name_lower: body.name.toLowerCase(),
        description: body.description || null,
        created_by: user.uuid,
        max_members: body.maxMembers ?? user.max_members_per_group,
        member_count: 1,
        created_at: now,
        updated_at: now,
      });
      await repos.groups.insertMember(id, user.uuid, 'admin', now);
    });
    return toGroup(await this.requireGroup(this.repos, id));
  }

  async listMine(auth: AuthContext): Promise<UserGroup[]> {
    if (!auth.userUuid) return [];
    const rows = await this.repos.groups.listForUser(auth.userUuid);
    return rows.map((row) => ({ ...toGroup(row), role: row.role }));
  }

  /** What anyone signed in may see of a group (its share page, search results). */
  async publicInfo(groupId: string): Promise<Group> {
    return toGroup(await this.requireGroup(this.repos, groupId));
  }

  async search(text: string): Promise<Group[]> {
    const rows = await this.repos.groups.search(text, GROUP_SEARCH_LIMIT);
    return rows.map(toGroup);
  }

  async quota(auth: AuthContext): Promise<GroupQuota> {
    const user = auth.userUuid ? await this.repos.users.findByUuid(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    const used = await this.repos.groups.groupsInUse(user.uuid);
    return { maxGroups: user.max_groups, remainingGroups: user.max_groups - used };
  }

  async canJoin(auth: AuthContext, groupId: string): Promise<CanJoin> {
    const group = await this.requireGroup(this.repos, groupId);
    const user = auth.userUuid ? await this.repos.users.findByUuid(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    const refusal = await joinRefusal(this.repos, group, user);
    return { canJoin: refusal === null, reason: refusal?.message ?? '' };
  }

  async members(auth: AuthContext, groupId: string): Promise<GroupMember[]> {
    await this.requireMember(this.repos, auth, groupId);
    const rows = await this.repos.groups.members(groupId);
    return rows.map((row) => ({
      uuid: row.user_uuid,
      username: row.username,
      role: row.role,
      joinedAt: row.joined_at,
    }));
  }

  async leave(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const user = await this.lockCaller(repos, auth);
      await repos.groups.lockGroup(groupId);
      await this.requireGroup(repos, groupId);
      const role = await departGroup(repos, groupId, user.uuid, new Date().toISOString());
      if (!role) throw notMember();
    });
  }

  async removeMember(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const { userUuid: adminUuid } = await this.lockAsAdmin(repos, auth, groupId);
      if (targetUuid === adminUuid) throw new AppError('BAD_REQUEST', MESSAGES.serverRemoveSelf);
      const role = await departGroup(repos, groupId, targetUuid, new Date().toISOString());
      if (!role) throw memberNotFound();
    });
  }

  async deleteGroup(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await this.lockAsAdmin(repos, auth, groupId);
      await repos.groups.deleteGroup(groupId);
    });
  }

  async addAdmin(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await this.lockAsAdmin(repos, auth, groupId);
      if (!(await repos.groups.setRole(groupId, targetUuid, 'admin'))) throw memberNotFound();
    });
  }

  /** Demotes an admin to member; the group keeps at least one admin. */
  async removeAdmin(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      // Two admins demoting each other at once: the second finds it is no longer an admin.
      await this.lockAsAdmin(repos, auth, groupId);
      const role = await repos.groups.roleOf(groupId, targetUuid);
      if (!role) throw memberNotFound();
      if (role !== 'admin') return;
      if ((await repos.groups.countAdmins(groupId)) <= 1) {
        throw new AppError('LAST_ADMIN', MESSAGES.serverLastAdmin);
      }
      await repos.groups.setRole(groupId, targetUuid, 'member');
    });
  }

  /** A join request (or, with `rejoin`, a rejected or former member's new request). */
  async requestJoin(auth: AuthContext, groupId: string, rejoin = false): Promise<UserJoinRequest> {
    return this.repos.transaction(async (repos) => {
      const user = await this.lockCaller(repos, auth);
      // Seats and requests read after the group lock; a group being deleted is waited for (404).
      await repos.groups.lockGroup(groupId);
      const group = await this.requireGroup(repos, groupId);
      const refusal = await joinRefusal(repos, group, user, rejoin);
      if (refusal) throw refusal;
      const existing = await repos.groups.findRequest(groupId, user.uuid);
      const now = new Date().toISOString();
      const requestId = existing?.id ?? randomUUID();
      if (existing) {
        await repos.groups.renewRequest(requestId, now);
      } else {
        await repos.groups.insertRequest({
          id: requestId,
          group_id: groupId,
          user_uuid: user.uuid,
          status: 'pending',
          created_at: now,
          updated_at: now,
        });
      }
      return { requestId, groupId, groupName: group.name, status: 'pending', requestedAt: now };
    });
  }

  /** Cancels the caller's pending request; REQUEST_ALREADY_ACCEPTED when it was accepted meanwhile. */
  async cancelRequest(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const user = await this.lockCaller(repos, auth);
      await this.requireGroup(repos, groupId);
      if (await repos.groups.deleteRequest(groupId, user.uuid, ['pending'])) return;
      if (await repos.groups.roleOf(groupId, user.uuid)) {
        throw new AppError('REQUEST_ALREADY_ACCEPTED', MESSAGES.serverRequestAlreadyAccepted);
      }
      throw new AppError('NOT_FOUND', MESSAGES.serverNoPendingRequest);
    });
  }

  async groupRequests(auth: AuthContext, groupId: string, status: RequestStatus): Promise<JoinRequest[]> {
    await this.requireAdmin(this.repos, auth, groupId);
    const rows = await this.repos.groups.requestsOfGroup(groupId, status);
    return rows.map((row) => ({
      requestId: row.id,
      groupId: row.group_id,
      user: { uuid: row.user_uuid, username: row.username },
      status: row.status,
      requestedAt: row.created_at,
      created_at: row.created_at,
    }));
  }

  async myRequests(auth: AuthContext, status: RequestStatus): Promise<UserJoinRequest[]> {
    if (!auth.userUuid) return [];
    const rows = await this.repos.groups.requestsOfUser(auth.userUuid, status);
    return rows.map(toUserRequest);
  }

  /** An admin accepts (the requester takes a seat, if one is free) or rejects a pending request. */
  async decideRequest(auth: AuthContext, requestId: string, accept: boolean): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const request = await repos.groups.findRequestById(requestId);
      if (!request) throw requestNotFound();
      await this.lockAsAdmin(repos, auth, request.group_id);
      const now = new Date().toISOString();
      const decided = await repos.groups.setRequestStatus(
        requestId,
        'pending',
        accept ? 'accepted' : 'rejected',
        now,
      );
      if (!decided) {
        // Gone (cancelled, or the account deleted) since it was read, or decided by another admin.
        if (!(await repos.groups.findRequestById(requestId))) throw requestNotFound();
        throw new AppError('CONFLICT', MESSAGES.serverJoinRequestHandled);
      }
      if (!accept) return;
      if (!(await repos.groups.takeSeat(request.group_id, now))) throw groupFull();
      await repos.groups.insertMember(request.group_id, request.user_uuid, 'member', now);
    });
  }

  /** Lifts a rejection: the user may ask to join again. */
  async allowRejected(auth: AuthContext, groupId: string, userUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await this.lockAsAdmin(repos, auth, groupId);
      if (!(await repos.groups.deleteRequest(groupId, userUuid, ['rejected']))) {
        throw new AppError('NOT_FOUND', MESSAGES.serverNotRejected);
      }
    });
  }

  async createInvite(auth: AuthContext, groupId: string, body: CreateInviteInput): Promise<Invite> {
    const now = new Date();
    const id = randomUUID();
    await this.repos.transaction(async (repos) => {
      // Under the group lock: a group deleted meanwhile is a 404, not a foreign-key error.
      const { userUuid: adminUuid } = await this.lockAsAdmin(repos, auth, groupId);
      await repos.groups.insertInvite({
        id,
        group_id: groupId,
        // URL-safe, 192 random bits: not guessable, and fine in a path.
        code: randomBytes(INVITE_CODE_BYTES).toString('base64url'),
        created_by: adminUuid,
        max_uses: body.maxUses,
        uses: 0,
        expires_at: new Date(now.getTime() + body.expiresInDays * 86_400_000).toISOString(),
        revoked_at: null,
        created_at: now.toISOString(),
      });
    });
    const invite = await this.repos.groups.findInvite(id);
    if (!invite) throw inviteNotFound();
    return toInvite(invite);
  }

  async listInvites(auth: AuthContext, groupId: string): Promise<Invite[]> {
    await this.requireAdmin(this.repos, auth, groupId);
    return (await this.repos.groups.invitesOfGroup(groupId)).map(toInvite);
  }

  async revokeInvite(auth: AuthContext, groupId: string, inviteId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await this.lockAsAdmin(repos, auth, groupId);
      const invite = await repos.groups.findInvite(inviteId);
      if (!invite || invite.group_id !== groupId || invite.revoked_at !== null) throw inviteNotFound();
      await repos.groups.revokeInvite(inviteId, new Date().toISOString());
    });
  }

  async checkInvite(auth: AuthContext, code: string): Promise<InviteCheck> {
    const invite = await this.repos.groups.findInviteByCode(code);
    if (!invite) throw inviteNotFound();
    const group = await this.requireGroup(this.repos, invite.group_id);
    const isMember = auth.userUuid
      ? (await this.repos.groups.roleOf(group.id, auth.userUuid)) !== undefined
      : false;
    const refusal =
      inviteRefusal(invite, new Date().toISOString()) ??
      (!isMember && group.member_count >= group.max_members ? MESSAGES.serverGroupFull : null);
    return {
      valid: refusal === null,
      reason: refusal ?? '',
      groupId: group.id,
      groupName: group.name,
      memberCount: group.member_count,
      maxMembers: group.max_members,
      isMember,
      expiresAt: invite.expires_at,
    };
  }

  /**
   * Joins through an invite link. Already a member: a success that uses nothing. An admin's link
   * overrides an earlier rejection; a pending request of the caller turns into the membership.
   */
  async acceptInvite(auth: AuthContext, code: string): Promise<InviteAccept> {
    return this.repos.transaction(async (repos) => {
      const user = await this.lockCaller(repos, auth);
      const found = await repos.groups.findInviteByCode(code);
      if (!found) throw inviteNotFound();
      await repos.groups.lockGroup(found.group_id);
      // Read again under the lock: revoked, used up or deleted (with its group or its creator's
      // account) meanwhile.
      const invite = await repos.groups.findInviteByCode(code);
      if (!invite) throw inviteNotFound();
      const group = await this.requireGroup(repos, invite.group_id);
      const joined = { groupId: group.id, groupName: group.name };
      if (await repos.groups.roleOf(group.id, user.uuid)) return { ...joined, alreadyMember: true };
      const now = new Date().toISOString();
      const refusal = inviteRefusal(invite, now);
      if (refusal) throw new AppError('INVITE_INVALID', refusal);
      const request = await repos.groups.findRequest(group.id, user.uuid);
      const used = (await repos.groups.groupsInUse(user.uuid)) - (request?.status === 'pending' ? 1 : 0);
      if (used >= user.max_groups) throw limitReached();
      if (request) await repos.groups.deleteRequest(group.id, user.uuid, [request.status]);
      if (!(await repos.groups.useInvite(invite.id, now))) {
        throw new AppError('INVITE_INVALID', MESSAGES.serverInviteUsedUp);
      }
      if (!(await repos.groups.takeSeat(group.id, now))) throw groupFull();
      await repos.groups.insertMember(group.id, user.uuid, 'member', now);
      return { ...joined, alreadyMember: false };
    });
  }

  /**
   * The group leaderboard: per member the sums of the week from Sunday and of the month from the
   * 1st (calendar ranges in the viewer's zone) and the running total; ranked by total (ties share
   * a rank), medals for the top 3 with push-ups.
   */
  async stats(auth: AuthContext, groupId: string): Promise<GroupStats> {
    const { group } = await this.requireMember(this.repos, auth, groupId);
    const members = await this.repos.groups.members(groupId);
    const today = dayInZone(new Date(), auth.timezone);
    const weekStart = weekStartOf(today);
    const monthStart = monthStartOf(today);
    // Whole calendar ranges: an entry on a day this viewer has not reached (logged in a zone
    // ahead) belongs to the next week or month, not to this one as well.
    const week = { from: weekStart, to: addDays(weekStart, 6) };
    const month = { from: monthStart, to: addDays(monthStartOf(addDays(monthStart, 31)), -1) };
    const uuids = members.map((m) => m.user_uuid);
    const [sums, totals] = await Promise.all([
      this.repos.pushups.periodSums(uuids, week, month),
      this.repos.pushups.totalsOfUsers(uuids),
    ]);
    const rows = members
      .map((m) => ({
        uuid: m.user_uuid,
        username: m.username,
        role: m.role,
        week: sums.get(m.user_uuid)?.week ?? 0,
        month: sums.get(m.user_uuid)?.month ?? 0,
        total: totals.get(m.user_uuid) ?? 0,
        isCurrentUser: m.user_uuid === auth.userUuid,
      }))
      .sort((a, b) => b.total - a.total || a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
    const ranked: GroupMemberStats[] = [];
    rows.forEach((row, i) => {
      const previous = ranked[i - 1];
      const rank = previous && previous.total === row.total ? previous.rank : i + 1;
      const medal = row.total > 0 ? TROPHIES[rank - 1] : undefined;
      ranked.push({ ...row, rank, ...(medal ? { medal } : {}) });
    });
    return { groupId, name: group.name, weekStart, monthStart, members: ranked };
  }
}
