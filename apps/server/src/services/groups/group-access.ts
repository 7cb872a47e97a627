import { type Group, MESSAGES } from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import type { GroupRow, GroupWithCreator } from '../../repositories/groups.repository';

/**
 * What every group service checks: the caller, the group, the caller's role in it, and whether they
 * may ask to join (docs/product.md, "Roles and permissions" and "Validation"). Each runs inside the
 * caller's transaction, on the repositories it is given.
 */

const groupNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverGroupNotFound);
export const notMember = () => new AppError('FORBIDDEN', MESSAGES.serverNotGroupMember);
const adminsOnly = () => new AppError('FORBIDDEN', MESSAGES.serverAdminsOnly);
export const memberNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverMemberNotFound);
export const groupFull = () => new AppError('GROUP_FULL', MESSAGES.serverGroupFull);
export const limitReached = () => new AppError('GROUP_LIMIT_REACHED', MESSAGES.maxGroupsReached);

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

/**
 * Why this user may not ask to join this group, or null when they may, checked in the order of
 * docs/product.md, "Validation": member, pending, rejected, quota; then a full group. A rejoin is a
 * rejected (or former) member asking again: the rejection does not stop it.
 */
export async function joinRefusal(
  repos: Repositories,
  group: GroupRow,
  user: { uuid: string; max_groups: number },
  rejoin = false,
): Promise<AppError | null> {
  if (await repos.memberships.roleOf(group.id, user.uuid)) {
    return new AppError('ALREADY_MEMBER', MESSAGES.alreadyMember);
  }
  const request = await repos.joinRequests.findRequest(group.id, user.uuid);
  if (request?.status === 'pending') {
    return new AppError('REQUEST_PENDING', rejoin ? MESSAGES.serverRejoinPending : MESSAGES.alreadyPending);
  }
  if (request?.status === 'rejected' && !rejoin) {
    return new AppError('REQUEST_REJECTED', MESSAGES.previouslyRejected);
  }
  if ((await repos.memberships.groupsInUse(user.uuid)) >= user.max_groups) return limitReached();
  if (group.member_count >= group.max_members) return groupFull();
  return null;
}

/** The caller's profile, locked until commit, with its tier. */
export async function lockCaller(repos: Repositories, auth: AuthContext) {
  const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
  if (!userUuid) throw userNotFound();
  const user = await repos.users.findByUuid(userUuid);
  if (!user) throw userNotFound();
  return user;
}

export async function requireGroup(repos: Repositories, groupId: string): Promise<GroupWithCreator> {
  const group = await repos.groups.findGroup(groupId);
  if (!group) throw groupNotFound();
  return group;
}

/** An existing group and the caller's role in it; 404 for no group, 403 for an outsider. */
export async function requireMember(repos: Repositories, auth: AuthContext, groupId: string) {
  const group = await requireGroup(repos, groupId);
  const role = auth.userUuid ? await repos.memberships.roleOf(groupId, auth.userUuid) : undefined;
  if (!role || !auth.userUuid) throw notMember();
  return { group, role, userUuid: auth.userUuid };
}

/**
 * requireMember for a read that lists the members anyway: a caller among them needs no other
 * statement (the group exists); otherwise requireMember says why (404 or 403).
 */
export async function requireAmong(
  repos: Repositories,
  auth: AuthContext,
  groupId: string,
  members: readonly { user_uuid: string }[],
): Promise<void> {
  if (!members.some((m) => m.user_uuid === auth.userUuid)) await requireMember(repos, auth, groupId);
}

/** As requireMember, for admins only (403 for members and outsiders alike). */
export async function requireAdmin(repos: Repositories, auth: AuthContext, groupId: string) {
  const group = await requireGroup(repos, groupId);
  const role = auth.userUuid ? await repos.memberships.roleOf(groupId, auth.userUuid) : undefined;
  if (role !== 'admin' || !auth.userUuid) throw adminsOnly();
  return { group, userUuid: auth.userUuid };
}

/**
 * Inside a transaction: the group's row lock, then the admin check. Checked after the lock, an
 * admin demoted or removed by a concurrent call can no longer act as one.
 */
export async function lockAsAdmin(repos: Repositories, auth: AuthContext, groupId: string) {
  await repos.groups.lockGroup(groupId);
  return requireAdmin(repos, auth, groupId);
}
