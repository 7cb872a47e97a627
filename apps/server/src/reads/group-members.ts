import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { MemberStandingRow } from '../repositories/memberships.repository';
import { requireAmong, requireMember } from '../services/groups/group-access';
import { type FinishedTransactions, ShortLivedCache } from './short-lived-cache';

/**
 * How many members of groups a process caches: about 300 bytes each, so about 15 MB however large a
 * tier lets groups grow.
 */
const MEMBERS_CACHED = 50_000;

/** The caller's own part of a cached member list: what a read checks against the database. */
interface OwnPart {
  /** The caller's part now, from the database; undefined: not a member. */
  now(repos: Repositories, groupId: string, userUuid: string): Promise<number | undefined>;
  /** The same part in a cached member row. */
  of(member: MemberStandingRow): number;
}

/** The caller's day sums' revision: what the group stats and the members' day sums show of them. */
const OWN_REVISION: OwnPart = {
  now: (repos, groupId, userUuid) => repos.memberships.memberRevision(groupId, userUuid),
  of: (member) => member.revision,
};

/** The caller's count of achievements: what the members' achievements show of them. */
const OWN_EARNED_COUNT: OwnPart = {
  now: (repos, groupId, userUuid) => repos.memberships.memberEarnedCount(groupId, userUuid),
  of: (member) => member.earned_count,
};

/**
 * Each group's members with their standing (MembershipsRepository.membersWithStanding), cached for a
 * short time (STALENESS.shortLived) and shared by the three group pages: the group stats, the
 * members' day sums and the members' achievements. A read of a cached list first reads the caller's
 * own membership and own part from the database (one row through the membership's key), and reads
 * the members again when the cached list misses the caller or holds an older part of theirs: so
 * nobody sees their own data late, and a removed member is refused at once on every process. With no
 * list cached, the members are read at once.
 */
export class GroupMembersCache {
  private readonly cache: ShortLivedCache<MemberStandingRow[]>;

  constructor(
    private readonly repos: Repositories,
    transactions: FinishedTransactions,
    counter: CacheCounter,
  ) {
    this.cache = new ShortLivedCache(
      (groupId) => repos.memberships.membersWithStanding(groupId),
      transactions,
      {
        capacity: MEMBERS_CACHED,
        sizeOf: (members) => members.length,
        counter,
      },
    );
  }

  /** The members, for a caller among them whose day sums the answer shows; else 404 or 403. */
  withOwnRevision(auth: AuthContext, groupId: string): Promise<MemberStandingRow[]> {
    return this.forMember(auth, groupId, OWN_REVISION);
  }

  /** The members, for a caller among them whose achievements the answer shows; else 404 or 403. */
  withOwnEarnedCount(auth: AuthContext, groupId: string): Promise<MemberStandingRow[]> {
    return this.forMember(auth, groupId, OWN_EARNED_COUNT);
  }

  private async forMember(auth: AuthContext, groupId: string, own: OwnPart): Promise<MemberStandingRow[]> {
    let members = this.cache.peek(groupId);
    if (members !== undefined) {
      const ownNow = auth.userUuid ? await own.now(this.repos, groupId, auth.userUuid) : undefined;
      if (ownNow === undefined) await requireMember(this.repos, auth, groupId);
      const current = members.some((m) => m.user_uuid === auth.userUuid && own.of(m) === ownNow);
      if (!current) members = undefined;
    }
    if (members !== undefined) this.cache.counter.hit();
    else members = await this.cache.fresh(groupId);
    await requireAmong(this.repos, auth, groupId, members);
    return members;
  }
}
