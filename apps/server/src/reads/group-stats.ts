import { dayInZone, type GroupStats } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { rankGroupMembers, type WeekAndMonth, weekAndMonthOf } from '../services/groups/group-leaderboard';
import type { GroupMembersCache } from './group-members';
import { SerializedBody } from './serialized-body';
import { VersionedCache } from './versioned-cache';

/** How many members' week and month sums a process caches (a few dozen bytes each). */
const MEMBER_SUMS_CACHED = 50_000;
const NO_SUMS: WeekAndMonth = { week: 0, month: 0 };

/**
 * GET /api/groups/:id/stats, the group leaderboard (services/groups/group-leaderboard.ts has its
 * rules). The members come from the group's cached list; each member's week and month sums are cached
 * at their day sums' revision (STALENESS.versioned), so only the members who logged since are read.
 */
export class GroupStatsRead {
  private readonly memberSums: VersionedCache<WeekAndMonth>;

  constructor(
    private readonly repos: Repositories,
    private readonly members: GroupMembersCache,
    counter: CacheCounter,
  ) {
    this.memberSums = new VersionedCache<WeekAndMonth>(MEMBER_SUMS_CACHED, () => 1, counter);
  }

  async stats(auth: AuthContext, groupId: string): Promise<SerializedBody<GroupStats>> {
    const today = dayInZone(new Date(), auth.timezone);
    const { week, month } = weekAndMonthOf(today);
    const members = await this.members.withOwnRevision(auth, groupId);
    const sums = await this.memberSums.getOrLoad(
      members,
      (member) => member.revision,
      `${week.from}|${month.from}`,
      (userUuids) => this.repos.memberships.sumsOfUsers(userUuids, week, month),
      NO_SUMS,
    );
    return SerializedBody.of<GroupStats>({
      groupId,
      name: members[0]?.group_name ?? '',
      weekStart: week.from,
      monthStart: month.from,
      members: rankGroupMembers(members, sums, auth.userUuid),
    });
  }
}
