import { type Expression, type Kysely, sql } from 'kysely';
import type { Database, GroupMembersTable } from '../db/schema';
import { countRows } from './count-rows';
import type { EngineSql } from './engines/engine-sql';
import { DAY_SUM_COLUMNS, jsonRowsOfUsers } from './json-rows';
import { NEVER_LOGGED } from './never-logged';
import { PreparedQuery } from './prepared-query';

export type Role = GroupMembersTable['role'];

export interface MemberRow {
  user_uuid: string;
  username: string;
  role: Role;
  joined_at: string;
}

/**
 * A member with their running total, their day sums' revision and how many achievements they have
 * earned, and the group's name.
 */
export interface MemberStandingRow extends MemberRow {
  group_name: string;
  total: number;
  /** user_totals.revision (migration 0010); -1: never logged. */
  revision: number;
  /** Achievements are never taken back: a new one always changes the count. */
  earned_count: number;
}

/** A group's members, longest-standing first (ties: by uuid); callers add what each needs. */
function membersOf(db: Kysely<Database>, groupId: string | Expression<string>) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.uuid', 'group_members.user_uuid')
    .select(['group_members.user_uuid', 'users.username', 'group_members.role', 'group_members.joined_at'])
    .where('group_members.group_id', '=', groupId)
    .orderBy('group_members.joined_at')
    .orderBy('group_members.user_uuid');
}

/** How many achievements the member of a group_members row has earned. */
const earnedCount = sql<number>`(select cast(count(*) as integer) from achievements where achievements.user_uuid = group_members.user_uuid)`;

/** The group's name and its members with standing as one JSON value: no row object per member. */
const MEMBERS_WITH_STANDING = new PreparedQuery({ groupId: 'string' }, (db, { groupId }, engine) =>
  db
    .selectFrom('groups')
    .select([
      'groups.name',
      engine
        .jsonRows(
          ['user_uuid', 'username', 'role', 'joined_at', 'total', 'revision', 'earned_count'],
          'joined_at, user_uuid',
          // Ordered once, by the aggregate.
          sql`from (${membersOf(db, groupId)
            .clearOrderBy()
            .leftJoin('user_totals', 'user_totals.user_uuid', 'group_members.user_uuid')
            .select(['user_totals.total', 'user_totals.revision'])
            .select(earnedCount.as('earned_count'))}) as members`,
        )
        .as('members'),
    ])
    .where('groups.id', '=', groupId),
);

/**
 * A member's own part of what the group pages cache of the members (reads/group-members.ts), through
 * the membership's key alone: no row when the caller is not a member.
 */
const MEMBER_REVISION = new PreparedQuery(
  { groupId: 'string', userUuid: 'string' },
  (db, { groupId, userUuid }) =>
    db
      .selectFrom('group_members')
      .leftJoin('user_totals', 'user_totals.user_uuid', 'group_members.user_uuid')
      .select('user_totals.revision')
      .where('group_members.group_id', '=', groupId)
      .where('group_members.user_uuid', '=', userUuid),
);
const MEMBER_EARNED_COUNT = new PreparedQuery(
  { groupId: 'string', userUuid: 'string' },
  (db, { groupId, userUuid }) =>
    db
      .selectFrom('group_members')
      .select(earnedCount.as('earned_count'))
      .where('group_members.group_id', '=', groupId)
      .where('group_members.user_uuid', '=', userUuid),
);

/** Who is in which group, with which role. */
export class MembershipsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async roleOf(groupId: string, userUuid: string): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.role;
  }

  /** A member's day sums' revision (-1: never logged); undefined when not a member. */
  async memberRevision(groupId: string, userUuid: string): Promise<number | undefined> {
    const [row] = await MEMBER_REVISION.execute(this.db, this.engine, { groupId, userUuid });
    return row ? (row.revision ?? NEVER_LOGGED) : undefined;
  }

  /** How many achievements a member has earned; undefined when not a member. */
  async memberEarnedCount(groupId: string, userUuid: string): Promise<number | undefined> {
    const [row] = await MEMBER_EARNED_COUNT.execute(this.db, this.engine, { groupId, userUuid });
    return row?.earned_count;
  }

  /** Members, longest-standing first. */
  members(groupId: string): Promise<MemberRow[]> {
    return membersOf(this.db, groupId).execute();
  }

  /**
   * A group's members, longest-standing first, each with their running total, the revision of
   * their day sums (-1 for a member who never logged: no day sums) and the count of their
   * achievements, and the group's name, in one statement: what the group stats, the members' day
   * sums and their latest achievements need. No rows: no such group.
   */
  async membersWithStanding(groupId: string): Promise<MemberStandingRow[]> {
    const [group] = await MEMBERS_WITH_STANDING.execute(this.db, this.engine, { groupId });
    if (!group) return [];
    const members = JSON.parse(group.members) as [
      string,
      string,
      Role,
      string,
      number | null,
      number | null,
      number,
    ][];
    return members.map(([user_uuid, username, role, joined_at, total, revision, earned_count]) => ({
      user_uuid,
      username,
      role,
      joined_at,
      group_name: group.name,
      total: total ?? 0,
      revision: revision ?? NEVER_LOGGED,
      earned_count,
    }));
  }

  /**
   * The sums of two inclusive day ranges (the viewer's week and month; either may start first) of
   * each of these users: two short ranges of user_days each. Both ends bound the sums: a
   * member in a zone ahead may already have entries on a day of the next week or month.
   */
  async sumsOfUsers(
    userUuids: readonly string[],
    week: { from: string; to: string },
    month: { from: string; to: string },
  ): Promise<Map<string, { week: number; month: number }>> {
    if (userUuids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => {
        const sumWithin = (range: { from: string; to: string }) =>
          eb
            .selectFrom('user_days')
            .select((d) => d.fn.coalesce(d.fn.sum<number | string>('user_days.total'), d.lit(0)).as('sum'))
            .whereRef('user_days.user_uuid', '=', 'users.uuid')
            .where('user_days.day', '>=', range.from)
            .where('user_days.day', '<=', range.to);
        return ['users.uuid', sumWithin(week).as('week'), sumWithin(month).as('month')];
      })
      .where('users.uuid', 'in', [...userUuids])
      .execute();
    // PostgreSQL returns a sum as bigint, which pg returns as a string.
    return new Map(
      rows.map((row) => [row.uuid, { week: Number(row.week ?? 0), month: Number(row.month ?? 0) }]),
    );
  }

  /**
   * Each of these users' days with push-ups from `from` on as JSON written by the database
   * (`[{"day":...,"total":...}, ...]`, oldest first, no row object per day): what the members' day
   * sums send (reads/group-member-days.ts).
   */
  daySumsJsonOfUsers(userUuids: readonly string[], from: string): Promise<Map<string, string>> {
    return jsonRowsOfUsers(this.db, this.engine.jsonRows, userUuids, {
      columns: DAY_SUM_COLUMNS,
      orderBy: 'day',
      from: sql`from user_days where user_days.user_uuid = users.uuid and user_days.day >= ${from}`,
      shape: 'objects',
    });
  }

  async insertMember(groupId: string, userUuid: string, role: Role, now: string): Promise<void> {
    await this.db
      .insertInto('group_members')
      .values({ group_id: groupId, user_uuid: userUuid, role, joined_at: now })
      .execute();
  }

  /** Deletes a membership and returns the role it had (undefined: was not a member). */
  async deleteMember(groupId: string, userUuid: string): Promise<Role | undefined> {
    const row = await this.db
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .returning('role')
      .executeTakeFirst();
    return row?.role;
  }

  /** Changes a member's role; false when they are not a member. */
  async setRole(groupId: string, userUuid: string, role: Role): Promise<boolean> {
    const result = await this.db
      .updateTable('group_members')
      .set({ role })
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  countAdmins(groupId: string): Promise<number> {
    return countRows(
      this.db.selectFrom('group_members').where('group_id', '=', groupId).where('role', '=', 'admin'),
    );
  }

  /** The member who joined first (ties by uuid), the one promoted when the last admin goes. */
  async longestStandingMember(groupId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('group_members')
      .select('user_uuid')
      .where('group_id', '=', groupId)
      .orderBy('joined_at')
      .orderBy('user_uuid')
      .limit(1)
      .executeTakeFirst();
    return row?.user_uuid;
  }

  /**
   * Every group the user has a row in (member, join request, invite link made, creator), by id:
   * account deletion locks them in this order.
   */
  async groupIdsOfUser(userUuid: string): Promise<string[]> {
    const lists = await Promise.all([
      this.db.selectFrom('group_members').select('group_id').where('user_uuid', '=', userUuid).execute(),
      this.db
        .selectFrom('group_join_requests')
        .select('group_id')
        .where('user_uuid', '=', userUuid)
        .execute(),
      this.db.selectFrom('group_invites').select('group_id').where('created_by', '=', userUuid).execute(),
      this.db.selectFrom('groups').select('id as group_id').where('created_by', '=', userUuid).execute(),
    ]);
    return [...new Set(lists.flat().map((row) => row.group_id))].sort();
  }

  /** The groups a user is in, with their role (account deletion). */
  membershipsOf(userUuid: string): Promise<Array<{ group_id: string; role: Role }>> {
    return this.db
      .selectFrom('group_members')
      .select(['group_id', 'role'])
      .where('user_uuid', '=', userUuid)
      .orderBy('group_id')
      .execute();
  }

  /** Groups the user is in plus their pending requests: what the quota counts. */
  async groupsInUse(userUuid: string): Promise<number> {
    const [members, pending] = await Promise.all([
      countRows(this.db.selectFrom('group_members').where('user_uuid', '=', userUuid)),
      countRows(
        this.db
          .selectFrom('group_join_requests')
          .where('user_uuid', '=', userUuid)
          .where('status', '=', 'pending'),
      ),
    ]);
    return members + pending;
  }
}
