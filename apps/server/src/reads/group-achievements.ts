import type { GroupAchievements } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { Repositories } from '../repositories';
import { type LatestAchievements, latestAchievements } from '../services/habits/latest-achievements';
import type { GroupMembersCache } from './group-members';
import { SerializedBody } from './serialized-body';
import { VersionedCache } from './versioned-cache';

/** How many members' latest achievements a process caches (a few hundred bytes each). */
const LATEST_CACHED = 20_000;
const NONE: LatestAchievements = [];

/**
 * GET /api/groups/:id/achievements: each member's latest achievements, newest first, in the group's
 * order (longest-standing first); members only. The members come from the group's cached list; each
 * member's latest are cached under the count of what they have earned (STALENESS.versioned:
 * achievements are never taken back, so a new one changes the count), so only the members who earned
 * something since are read.
 */
export class GroupAchievementsRead {
  private readonly latest = new VersionedCache<LatestAchievements>(LATEST_CACHED);

  constructor(
    private readonly repos: Repositories,
    private readonly members: GroupMembersCache,
  ) {}

  async groupAchievements(auth: AuthContext, groupId: string): Promise<SerializedBody<GroupAchievements>> {
    const members = await this.members.withOwnEarnedCount(auth, groupId);
    const latest = await this.latest.getOrLoad(
      members,
      (member) => member.earned_count,
      '',
      async (userUuids) => {
        const earned = await this.repos.habits.earnedOfUsers(userUuids);
        return new Map([...earned].map(([uuid, rows]) => [uuid, latestAchievements(rows)]));
      },
      NONE,
    );
    return SerializedBody.of<GroupAchievements>(
      members.map((member, i) => ({
        uuid: member.user_uuid,
        username: member.username,
        latest: latest[i] ?? NONE,
      })),
    );
  }
}
