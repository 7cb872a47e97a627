import { randomUUID } from 'node:crypto';
import {
  type CanJoin,
  type CreateGroupBody,
  GROUP_SEARCH_LIMIT,
  GROUP_SUGGESTIONS_LIMIT,
  type Group,
  type GroupPreview,
  type GroupQuota,
  groupMaxMembersMessage,
  MESSAGES,
  type UserGroup,
} from '@pushup/shared';
import type { AuthContext, OperatorContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import { earnFirstGroup } from '../habits/earning';
import { recordOperatorAction } from '../operators/audit-trail';
import { joinRefusal, limitReached, lockAsAdmin, lockCaller, requireGroup, toGroup } from './group-access';

/**
 * Groups themselves: create, find, search, the quota, the can-join check and delete (the group
 * leaderboard is a cached read: reads/group-stats.ts). Locks follow one order in every group service: the caller's user row (writes that
 * change their group count, so the quota holds), then the group's row, then its other rows.
 */
export class GroupsService {
  constructor(private readonly repos: Repositories) {}

  async create(auth: AuthContext, body: CreateGroupBody): Promise<Group> {
    const id = randomUUID();
    await this.repos.transaction(async (repos) => {
      const user = await lockCaller(repos, auth);
      if (body.maxMembers !== undefined && body.maxMembers > user.max_members_per_group) {
        throw new AppError('VALIDATION_ERROR', groupMaxMembersMessage(user.max_members_per_group));
      }
      if ((await repos.memberships.groupsInUse(user.uuid)) >= user.max_groups) throw limitReached();
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
      await repos.memberships.insertMember(id, user.uuid, 'admin', now);
      await earnFirstGroup(repos, user.uuid, now);
    });
    return toGroup(await requireGroup(this.repos, id));
  }

  async listMine(auth: AuthContext): Promise<UserGroup[]> {
    if (!auth.userUuid) return [];
    const rows = await this.repos.groups.listForUser(auth.userUuid);
    return rows.map((row) => ({
      ...toGroup(row),
      role: row.role,
      pendingRequests: Number(row.pending_requests),
    }));
  }

  /** What anyone signed in may see of a group (its share page, search results). */
  async publicInfo(groupId: string): Promise<Group> {
    return toGroup(await requireGroup(this.repos, groupId));
  }

  /** What a signed-out visitor of a group's share link sees: its name and description only. */
  async preview(groupId: string): Promise<GroupPreview> {
    const group = await requireGroup(this.repos, groupId);
    return { name: group.name, description: group.description };
  }

  async search(text: string): Promise<Group[]> {
    const rows = await this.repos.groups.search(text, GROUP_SEARCH_LIMIT);
    return rows.map(toGroup);
  }

  /**
   * Groups to offer before anything is searched (docs/product.md, "Groups"): those the caller could
   * ask to join, largest first.
   */
  async suggested(auth: AuthContext): Promise<Group[]> {
    if (!auth.userUuid) throw userNotFound();
    const rows = await this.repos.groups.joinableBySize(auth.userUuid, GROUP_SUGGESTIONS_LIMIT);
    return rows.map(toGroup);
  }

  async quota(auth: AuthContext): Promise<GroupQuota> {
    const user = auth.userUuid ? await this.repos.users.findByUuid(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    const used = await this.repos.memberships.groupsInUse(user.uuid);
    return { maxGroups: user.max_groups, remainingGroups: user.max_groups - used };
  }

  async canJoin(auth: AuthContext, groupId: string): Promise<CanJoin> {
    const group = await requireGroup(this.repos, groupId);
    const user = auth.userUuid ? await this.repos.users.findByUuid(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    const refusal = await joinRefusal(this.repos, group, user);
    return { canJoin: refusal === null, reason: refusal?.message ?? '' };
  }

  async deleteGroup(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await lockAsAdmin(repos, auth, groupId);
      await repos.groups.deleteGroup(groupId);
    });
  }

  /**
   * An operator's deletion from the admin page (decision 038): the same deletion, refused with
   * nothing deleted unless `confirmName` is the group's name as it is now (read under the group's
   * lock), and recorded in the audit trail in its transaction.
   */
  async deleteAsOperator(operator: OperatorContext, groupId: string, confirmName: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await repos.groups.lockGroup(groupId);
      const group = await requireGroup(repos, groupId);
      if (confirmName.trim() !== group.name) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.adminGroupNameMismatch);
      }
      await repos.groups.deleteGroup(groupId);
      await recordOperatorAction(
        repos,
        operator,
        'group-deleted',
        group.name,
        `id ${group.id}, ${group.member_count} members`,
      );
    });
  }
}
