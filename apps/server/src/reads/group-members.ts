import type { AuthContext } from '../auth/context';
import type { Repositories } from '../repositories';
import type {
  GroupStanding,
  MemberEarnedRow,
  MemberRow,
  MemberStandingRow,
} from '../repositories/memberships.repository';
import { requireAmong } from '../services/groups/group-access';
import { BoundedStore } from './bounded-store';
import { STALENESS } from './staleness';

/**
 * How many members of groups a process caches: about 200 bytes each, so about 20 MB however large a
 * tier lets groups grow; enough for every member of the 10,000 groups of the bench at 10M entries.
 */
const MEMBERS_CACHED = 100_000;

/** A group's member list as cached: who, with which role and name, at the list's version. */
interface CachedList {
  version: number;
  members: MemberRow[];
}

/**
 * Each group's member list (who, role, joined, username), cached under the version of the list
 * (`groups.members_version`, which triggers raise with every change of a membership or a member's
 * username: migration 0012) and shared by the three group pages: the group stats, the members' day
 * sums and the members' achievements. Every read asks the database for what changes with every log
 * (each member's total, revision, count of achievements) together with the list's version, in one
 * statement, and uses the cached list only at that exact version (STALENESS.versioned): so nobody
 * sees a member list, a total or their own data late on any process, and a removed member is refused
 * at once. A group not cached, or cached at another version, is read whole.
 */
export class GroupMembersCache {
  readonly staleness = STALENESS.versioned;
  private readonly lists = new BoundedStore<CachedList>(MEMBERS_CACHED, (list) => list.members.length);

  constructor(private readonly repos: Repositories) {}

  /** The members with their revisions, for a caller among them; else 404 or 403. */
  async withRevisions(auth: AuthContext, groupId: string): Promise<MemberStandingRow[]> {
    const members = (await this.fromCache(groupId, false)) ?? (await this.readWhole(groupId));
    await requireAmong(this.repos, auth, groupId, members);
    return members;
  }

  /** The members with their counts of achievements, for a caller among them; else 404 or 403. */
  async withEarnedCounts(auth: AuthContext, groupId: string): Promise<MemberEarnedRow[]> {
    const members = (await this.fromCache(groupId, true)) ?? (await this.readWhole(groupId));
    await requireAmong(this.repos, auth, groupId, members);
    return members;
  }

  /**
   * The members from the cached list and a fresh standing, when the list is cached at the standing's
   * version; undefined otherwise, or for no such group.
   */
  private async fromCache(groupId: string, earned: true): Promise<MemberEarnedRow[] | undefined>;
  private async fromCache(groupId: string, earned: false): Promise<MemberStandingRow[] | undefined>;
  private async fromCache(groupId: string, earned: boolean): Promise<MemberStandingRow[] | undefined> {
    const cached = this.lists.get(groupId);
    if (!cached) return undefined;
    const standing = await this.repos.memberships.standing(groupId, earned);
    if (standing?.version !== cached.version) return undefined;
    return joined(cached.members, standing);
  }

  /** The group read whole, its list cached; none for no such group. */
  private async readWhole(groupId: string): Promise<MemberEarnedRow[]> {
    const list = await this.repos.memberships.membersWithStanding(groupId);
    if (!list) return [];
    const members = list.members.map(({ user_uuid, username, role, joined_at }) => ({
      user_uuid,
      username,
      role,
      joined_at,
    }));
    this.lists.set(groupId, { version: list.version, members });
    return list.members;
  }
}

/**
 * Each cached member with their standing; undefined when the two lists differ (they cannot at one
 * version, but a cache must never guess).
 */
function joined(members: readonly MemberRow[], standing: GroupStanding): MemberStandingRow[] | undefined {
  if (members.length !== standing.members.length) return undefined;
  const rows: MemberStandingRow[] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i] as MemberRow;
    const part = standing.members[i] as GroupStanding['members'][number];
    if (part.user_uuid !== member.user_uuid) return undefined;
    rows.push({ ...member, ...part, group_name: standing.group_name });
  }
  return rows;
}
