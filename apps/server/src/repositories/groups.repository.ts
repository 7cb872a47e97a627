import { type Kysely, sql } from 'kysely';
import type { Database, GroupRow } from '../db/schema';
import { likeContains } from './like-pattern';
import type { Role } from './memberships.repository';

/** The row services read through this repository. */
export type { GroupRow };

/** A group with its creator's username (null once the creator's account is gone). */
export interface GroupWithCreator extends GroupRow {
  creator_username: string | null;
}

/**
 * Groups themselves (migration 0003), with their creator's username and their seat count. Every
 * query is a key lookup or a range of one index.
 */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withCreator() {
    return this.db
      .selectFrom('groups')
      .leftJoin('users', 'users.uuid', 'groups.created_by')
      .selectAll('groups')
      .select('users.username as creator_username');
  }

  async insertGroup(row: GroupRow): Promise<void> {
    await this.db.insertInto('groups').values(row).execute();
  }

  findGroup(id: string): Promise<GroupWithCreator | undefined> {
    return this.withCreator().where('groups.id', '=', id).executeTakeFirst();
  }

  /** The caller's groups with their role, by name. */
  listForUser(userUuid: string): Promise<Array<GroupWithCreator & { role: Role; pending_requests: number }>> {
    return (
      this.withCreator()
        .innerJoin('group_members', 'group_members.group_id', 'groups.id')
        .select('group_members.role')
        // The join requests waiting for an admin (one range of group_join_requests_group_status_idx);
        // a member is not told of them.
        .select(
          sql<number>`case when group_members.role = 'admin' then (select cast(count(*) as integer) from group_join_requests where group_join_requests.group_id = groups.id and group_join_requests.status = 'pending') else 0 end`.as(
            'pending_requests',
          ),
        )
        .where('group_members.user_uuid', '=', userUuid)
        .orderBy('groups.name_lower')
        .orderBy('groups.id')
        .execute()
    );
  }

  /** Groups whose name contains `text` (any case), by name. */
  search(text: string, limit: number): Promise<GroupWithCreator[]> {
    return this.withCreator()
      .where(sql<boolean>`groups.name_lower like ${likeContains(text.toLowerCase())} escape '\\'`)
      .orderBy('groups.name_lower')
      .orderBy('groups.id')
      .limit(limit)
      .execute();
  }

  /**
   * Groups with a free seat that `userUuid` is not in and has no waiting or refused request for,
   * largest first (then by name): walks groups_open_by_size_idx from the top and stops at `limit`.
   */
  joinableBySize(userUuid: string, limit: number): Promise<GroupWithCreator[]> {
    return this.withCreator()
      .where((eb) => eb('groups.member_count', '<', eb.ref('groups.max_members')))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('group_members')
              .select(eb.lit(1).as('one'))
              .whereRef('group_members.group_id', '=', 'groups.id')
              .where('group_members.user_uuid', '=', userUuid),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('group_join_requests')
              .select(eb.lit(1).as('one'))
              .whereRef('group_join_requests.group_id', '=', 'groups.id')
              .where('group_join_requests.user_uuid', '=', userUuid)
              .where('group_join_requests.status', 'in', ['pending', 'rejected']),
          ),
        ),
      )
      .orderBy('groups.member_count', 'desc')
      .orderBy('groups.name_lower')
      .orderBy('groups.id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes one seat (member_count + 1) unless the group is full, in one statement: the row lock
   * makes concurrent joins queue, and each re-checks the cap. false: full (or no such group).
   */
  async takeSeat(groupId: string, now: string): Promise<boolean> {
    const row = await this.moveSeats(groupId, '+', now)
      .where((eb) => eb('member_count', '<', eb.ref('max_members')))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Locks the group's row until commit (a no-op update of a column no key or index holds). Every
   * group write takes it before the group's other rows, so they run one after another.
   */
  async lockGroup(groupId: string): Promise<void> {
    await this.db
      .updateTable('groups')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', groupId)
      .execute();
  }

  /** Frees one seat and returns how many members remain (locks the group row until commit). */
  async freeSeat(groupId: string, now: string): Promise<number> {
    const row = await this.moveSeats(groupId, '-', now).executeTakeFirstOrThrow();
    return row.member_count;
  }

  /** member_count one up or down, answering the new count. */
  private moveSeats(groupId: string, direction: '+' | '-', now: string) {
    return this.db
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', direction, 1), updated_at: now }))
      .where('id', '=', groupId)
      .returning('member_count');
  }

  /** Removes the group with everything that hangs on it. */
  async deleteGroup(groupId: string): Promise<void> {
    await this.db.deleteFrom('group_invites').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('group_join_requests').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('groups').where('id', '=', groupId).execute();
  }

  async forgetCreator(userUuid: string): Promise<void> {
    await this.db
      .updateTable('groups')
      .set({ created_by: null })
      .where('created_by', '=', userUuid)
      .execute();
  }
}
