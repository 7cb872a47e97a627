import { type GroupMember, MESSAGES } from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { Role } from '../../repositories/memberships.repository';
import { leaveOpenChallenges } from '../challenges/challenges.service';
import {
  lockAsAdmin,
  lockCaller,
  memberNotFound,
  notMember,
  requireGroup,
  requireMember,
} from './group-access';

/**
 * Takes `userUuid` out of the group inside the caller's transaction, which already holds the
 * group's row lock (so departures run one after another and the admin count below sees the
 * others). An emptied group is deleted; a group that lost its last admin promotes its
 * longest-standing member (docs/product.md, "Data rules").
 * Answers the role the user had, or undefined when they were not a member.
 */
async function departGroup(
  repos: Repositories,
  groupId: string,
  userUuid: string,
  now: string,
): Promise<Role | undefined> {
  const role = await repos.memberships.deleteMember(groupId, userUuid);
  if (!role) return undefined;
  await leaveOpenChallenges(repos, groupId, userUuid);
  await repos.joinRequests.deleteRequest(groupId, userUuid, ['pending', 'accepted', 'rejected']);
  const remaining = await repos.groups.freeSeat(groupId, now);
  if (remaining === 0) {
    await repos.groups.deleteGroup(groupId);
  } else if (role === 'admin' && (await repos.memberships.countAdmins(groupId)) === 0) {
    const successor = await repos.memberships.longestStandingMember(groupId);
    if (successor) await repos.memberships.setRole(groupId, successor, 'admin');
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
  for (const groupId of await repos.memberships.groupIdsOfUser(userUuid))
    await repos.groups.lockGroup(groupId);
  await repos.joinRequests.deleteRequestsOfUser(userUuid);
  await repos.inviteLinks.deleteInvitesCreatedBy(userUuid);
  for (const membership of await repos.memberships.membershipsOf(userUuid)) {
    await departGroup(repos, membership.group_id, userUuid, now);
  }
  await repos.groups.forgetCreator(userUuid);
}

/** Members and roles: the member list, leaving, removal and admins (a group always keeps one). */
export class MembershipsService {
  constructor(private readonly repos: Repositories) {}

  async members(auth: AuthContext, groupId: string): Promise<GroupMember[]> {
    await requireMember(this.repos, auth, groupId);
    const rows = await this.repos.memberships.members(groupId);
    return rows.map((row) => ({
      uuid: row.user_uuid,
      username: row.username,
      role: row.role,
      joinedAt: row.joined_at,
    }));
  }

  async leave(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const user = await lockCaller(repos, auth);
      await repos.groups.lockGroup(groupId);
      await requireGroup(repos, groupId);
      const role = await departGroup(repos, groupId, user.uuid, new Date().toISOString());
      if (!role) throw notMember();
    });
  }

  async removeMember(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const { userUuid: adminUuid } = await lockAsAdmin(repos, auth, groupId);
      if (targetUuid === adminUuid) throw new AppError('BAD_REQUEST', MESSAGES.serverRemoveSelf);
      const role = await departGroup(repos, groupId, targetUuid, new Date().toISOString());
      if (!role) throw memberNotFound();
    });
  }

  async addAdmin(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await lockAsAdmin(repos, auth, groupId);
      if (!(await repos.memberships.setRole(groupId, targetUuid, 'admin'))) throw memberNotFound();
    });
  }

  /** Demotes an admin to member; the group keeps at least one admin. */
  async removeAdmin(auth: AuthContext, groupId: string, targetUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      // Two admins demoting each other at once: the second finds it is no longer an admin.
      await lockAsAdmin(repos, auth, groupId);
      const role = await repos.memberships.roleOf(groupId, targetUuid);
      if (!role) throw memberNotFound();
      if (role !== 'admin') return;
      if ((await repos.memberships.countAdmins(groupId)) <= 1) {
        throw new AppError('LAST_ADMIN', MESSAGES.serverLastAdmin);
      }
      await repos.memberships.setRole(groupId, targetUuid, 'member');
    });
  }
}
