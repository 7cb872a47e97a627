import type { GroupAchievements } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { type LatestAchievements, latestAchievements } from '../services/habits/latest-achievements';
import type { GroupMembersCache } from './group-members';
import { SerializedBody } from './serialized-body';
import { VersionedCache } from './versioned-cache';

/** How many members' entries a process caches (a few hundred bytes each). */
const ENTRIES_CACHED = 20_000;

/**
 * GET /api/groups/:id/achievements: each member's latest achievements, newest first, in the group's
 * order (longest-standing first); members only. The members come from the group's cached list; each
 * member's entry of the response is cached as JSON under the count of what they have earned
 * (STALENESS.versioned: achievements are never taken back, so a new one changes the count) and their
 * username, so only the members who earned something since are read, and a response serializes
 * nothing but the new entries (serializing every entry anew cost this read a sixth of its rate).
 */
export class GroupAchievementsRead {
  private readonly entries: VersionedCache<string>;

  constructor(
    private readonly repos: Repositories,
    private readonly members: GroupMembersCache,
    counter: CacheCounter,
  ) {
    this.entries = new VersionedCache<string>(ENTRIES_CACHED, () => 1, counter);
  }

  async groupAchievements(auth: AuthContext, groupId: string): Promise<SerializedBody<GroupAchievements>> {
    const members = await this.members.withOwnEarnedCount(auth, groupId);
    const entries = await this.entries.getOrLoad(
      members,
      (member) => member.earned_count,
      (member) => member.username,
      async (userUuids) => {
        const earned = await this.repos.habits.earnedOfUsers(userUuids);
        const asked = new Set(userUuids);
        return new Map(
          members
            .filter((member) => asked.has(member.user_uuid))
            .map((member) => [
              member.user_uuid,
              entryJson(member, latestAchievements(earned.get(member.user_uuid) ?? [])),
            ]),
        );
      },
      '',
    );
    return SerializedBody.ofParts<GroupAchievements>(['[', entries.join(','), ']']);
  }
}

/** A member's entry of the response, as JSON. */
function entryJson(member: { user_uuid: string; username: string }, latest: LatestAchievements): string {
  const entry: GroupAchievements[number] = { uuid: member.user_uuid, username: member.username, latest };
  return JSON.stringify(entry);
}
