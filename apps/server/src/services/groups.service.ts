import { randomUUID } from 'node:crypto';
import {
  addDays,
  type CanJoin,
  type CreateGroupBody,
  dayInZone,
  GROUP_SEARCH_LIMIT,
  type Group,
  type GroupMemberStats,
  type GroupQuota,
  type GroupStats,
  groupMaxMembersMessage,
  monthStartOf,
  TROPHIES,
  type UserGroup,
  weekStartOf,
} from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import { earnFirstGroup } from './earning';
import {
  joinRefusal,
  keptStandingFor,
  limitReached,
  lockAsAdmin,
  lockCaller,
  requireGroup,
  toGroup,
  userNotFound,
} from './group-access';
import { RevisionCache } from './revision-cache';
import { SerializedAnswer } from './serialized-answer';

/** How many members' week and month sums a process keeps (a few dozen bytes each). */
const MEMBER_SUMS_KEPT = 50_000;

/** The order of names that tie on total: made once (a localeCompare per comparison builds one each time). */
const byName = new Intl.Collator().compare;

/**
 * Groups themselves: create, find, search, the quota, the can-join check, delete and the group
 * leaderboard. Locks follow one order in every group service: the caller's user row (writes that
 * change their group count, so the quota holds), then the group's row, then its other rows.
 */
export class GroupsService {
  /** Members' week and month sums by member and viewer's week and month, at their revision (issue 19). */
  private readonly memberSums = new RevisionCache<{ week: number; month: number }>(MEMBER_SUMS_KEPT, () => 1);

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

  async search(text: string): Promise<Group[]> {
    const rows = await this.repos.groups.search(text, GROUP_SEARCH_LIMIT);
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
   * The group leaderboard: per member the sums of the week from Sunday and of the month from the
   * 1st (calendar ranges in the viewer's zone) and the running total; ranked by total (ties share
   * a rank), medals for the top 3 with push-ups.
   */
  async stats(auth: AuthContext, groupId: string): Promise<SerializedAnswer<GroupStats>> {
    const today = dayInZone(new Date(), auth.timezone);
    const weekStart = weekStartOf(today);
    const monthStart = monthStartOf(today);
    // Whole calendar ranges: an entry on a day this viewer has not reached (logged in a zone
    // ahead) belongs to the next week or month, not to this one as well.
    const week = { from: weekStart, to: addDays(weekStart, 6) };
    const month = { from: monthStart, to: addDays(monthStartOf(addDays(monthStart, 31)), -1) };
    // Kept for a short time; the caller's own membership and revision are read every time.
    const members = await keptStandingFor(this.repos, auth, groupId);
    const name = members[0]?.group_name ?? '';
    // Only the members whose day sums changed since their sums were kept are read (issue 19).
    const sums = await this.memberSums.getOrLoad(
      members,
      `${week.from}|${month.from}`,
      (userUuids) => this.repos.memberships.sumsOfUsers(userUuids, week, month),
      { week: 0, month: 0 },
    );
    // Plain objects, no spreads: this runs for every member on every read (issue 19).
    const rows = members
      .map((member, i) => {
        const sum = sums[i];
        return {
          member,
          nameLower: member.username.toLowerCase(),
          week: sum?.week ?? 0,
          month: sum?.month ?? 0,
        };
      })
      .sort((a, b) => b.member.total - a.member.total || byName(a.nameLower, b.nameLower));
    let rank = 0;
    const ranked = rows.map(({ member, week, month }, i): GroupMemberStats => {
      // Ties share the rank of the first of them.
      if (rows[i - 1]?.member.total !== member.total) rank = i + 1;
      const row: GroupMemberStats = {
        uuid: member.user_uuid,
        username: member.username,
        role: member.role,
        week,
        month,
        total: member.total,
        rank,
        isCurrentUser: member.user_uuid === auth.userUuid,
      };
      const medal = member.total > 0 ? TROPHIES[rank - 1] : undefined;
      if (medal) row.medal = medal;
      return row;
    });
    // Built from the contract's own types: sent as it is, without the answer's runtime check (issue 19).
    const answer: GroupStats = { groupId, name, weekStart, monthStart, members: ranked };
    return new SerializedAnswer(JSON.stringify(answer));
  }
}
