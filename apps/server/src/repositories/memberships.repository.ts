import type { Kysely } from 'kysely';
import type { Database, GroupMembersTable } from '../db/schema';
import { countRows } from './count-rows';

export type Role = GroupMembersTable['role'];

export interface MemberRow {
  user_uuid: string;
  username: string;
  role: Role;
  joined_at: string;
}

/** Who is in which group, with which role. */
export class MembershipsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async roleOf(groupId: string, userUuid: string): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.role;
  }

  /** Members, longest-standing first. */
  members(groupId: string): Promise<MemberRow[]> {
    return this.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.uuid', 'group_members.user_uuid')
      .select(['group_members.user_uuid', 'users.username', 'group_members.role', 'group_members.joined_at'])
      .where('group_members.group_id', '=', groupId)
      .orderBy('group_members.joined_at')
      .orderBy('group_members.user_uuid')
      .execute();
  }

  async insertMember(groupId: string, userUuid: string, role: Role, now: string): Promise<void> {
    await this.db
      .insertInto('group_members')
      .values({ group_id: groupId, user_uuid: userUuid, role, joined_at: now })
      .execute();
  }

  /** Deletes a membership and answers the role it had (undefined: was not a member). */
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
