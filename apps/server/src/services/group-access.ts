import { type Group, MESSAGES } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import type { GroupRow, GroupWithCreator } from '../repositories/groups.repository';
import type { MemberStandingRow } from '../repositories/memberships.repository';
import { ShortLivedCache } from './short-lived-cache';

/**
 * What every group service checks: the caller, the group, the caller's role in it, and whether they
 * may ask to join (docs/product.md, "Roles and permissions" and "Validation"). Each runs inside the
 * caller's transaction, on the repositories it is given.
 */

export const userNotFound = () => new AppError('USER_NOT_FOUND', MESSAGES.serverUserNotFound);
export const groupNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverGroupNotFound);
export const notMember = () => new AppError('FORBIDDEN', MESSAGES.serverNotGroupMember);
export const adminsOnly = () => new AppError('FORBIDDEN', MESSAGES.serverAdminsOnly);
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

/**
 * How many members of groups a process keeps (short-lived-cache.ts): about 300 bytes each, so about
 * 15 MB however large a tier lets groups grow.
 */
const MEMBERS_KEPT = 50_000;

const keptStandings = new WeakMap<Repositories, ShortLivedCache<MemberStandingRow[]>>();

/**
 * A group's members as a read keeps them (short-lived-cache.ts, issue 19), for a caller who is among
 * them. With none kept, they are read now (and kept). With a kept list, `ownNow` reads the caller's
 * own part from the database (undefined: not a member) and `ownOf` finds it in the list: a list
 * that misses the caller, or holds an older part of theirs, is read again. So nobody sees their own
 * data late, and a removed member is refused at once. Not a member: 404 or 403, as requireMember.
 */
export async function keptMembersFor<M extends { user_uuid: string }, P>(
  repos: Repositories,
  auth: AuthContext,
  groupId: string,
  kept: ShortLivedCache<M[]>,
  ownNow: (userUuid: string) => Promise<P | undefined>,
  ownOf: (member: M) => P,
): Promise<M[]> {
  let members = kept.peek(groupId);
  if (members !== undefined) {
    const own = auth.userUuid ? await ownNow(auth.userUuid) : undefined;
    if (own === undefined) await requireMember(repos, auth, groupId);
    const current = members.some((m) => m.user_uuid === auth.userUuid && ownOf(m) === own);
    if (!current) members = undefined;
  }
  // Read after the request arrived (a new read, not one already on its way): it holds the caller's
  // own writes.
  members ??= await kept.fresh(groupId);
  await requireAmong(repos, auth, groupId, members);
  return members;
}

/**
 * Each group's members with their standing (membersWithStanding), as the group stats, the members'
 * day sums and their latest achievements keep them: one list per group, shared by the three pages,
 * for the repositories of one database.
 */
export function keptStanding(repos: Repositories): ShortLivedCache<MemberStandingRow[]> {
  let kept = keptStandings.get(repos);
  if (!kept) {
    kept = new ShortLivedCache(
      (groupId) => repos.memberships.membersWithStanding(groupId),
      () => repos.transactionsFinished(),
      { capacity: MEMBERS_KEPT, sizeOf: (members) => members.length },
    );
    keptStandings.set(repos, kept);
  }
  return kept;
}

/** The kept members with standing, checked against the caller's own day sums' revision. */
export function keptStandingFor(
  repos: Repositories,
  auth: AuthContext,
  groupId: string,
): Promise<MemberStandingRow[]> {
  return keptMembersFor(
    repos,
    auth,
    groupId,
    keptStanding(repos),
    (userUuid) => repos.memberships.memberRevision(groupId, userUuid),
    (m) => m.revision,
  );
}
