import { type DayRangeQuery, dayInZone, EARLIEST_DAY, type GroupMemberPushups } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { type DaysJson, daysJsonOf, daysJsonUpTo, NO_DAYS } from './days-json';
import type { GroupMembersCache } from './group-members';
import { SerializedBody } from './serialized-body';
import { VersionedCache } from './versioned-cache';

/**
 * How much of members' day sums a process caches, in bytes of JSON: about 4.5 KB a member at 1M
 * entries, so the 10,000 users of the bench (about 45 MB) fit within the memory budget
 * (docs/performance.md).
 */
const MEMBER_DAYS_CACHED = 48_000_000;

/**
 * GET /api/pushups/group/:groupId/members: the day sums of every member of a group the caller is in,
 * by username, oldest first, for the chart overlays (decision 010). Defaults: 2025-01-01 to today in
 * the caller's zone. The members come from the group's cached list; each member's whole history from
 * `from` is cached as JSON at their day sums' revision (STALENESS.versioned), without an end so that
 * viewers with another today share it: only the members who logged since are read.
 */
export class GroupMemberDaysRead {
  private readonly memberDays: VersionedCache<DaysJson>;

  constructor(
    private readonly repos: Repositories,
    private readonly members: GroupMembersCache,
    counter: CacheCounter,
  ) {
    this.memberDays = new VersionedCache<DaysJson>(MEMBER_DAYS_CACHED, (days) => days.json.length, counter);
  }

  async memberDaySums(
    auth: AuthContext,
    groupId: string,
    query: DayRangeQuery,
  ): Promise<SerializedBody<GroupMemberPushups>> {
    const to = query.to ?? dayInZone(new Date(), auth.timezone);
    const from = query.from ?? EARLIEST_DAY;
    const members = await this.members.withOwnRevision(auth, groupId);
    const histories = await this.memberDays.getOrLoad(
      members,
      (member) => member.revision,
      from,
      async (userUuids) => {
        const texts = await this.repos.memberships.daySumsJsonOfUsers(userUuids, from);
        return new Map([...texts].map(([uuid, text]) => [uuid, daysJsonOf(text)]));
      },
      NO_DAYS,
    );
    const parts: (string | Buffer)[] = ['['];
    members.forEach((member, i) => {
      parts.push(`${i === 0 ? '' : ','}{"username":${JSON.stringify(member.username)},"days":`);
      parts.push(...daysJsonUpTo(histories[i] ?? NO_DAYS, to), '}');
    });
    parts.push(']');
    return SerializedBody.ofParts(parts);
  }
}
