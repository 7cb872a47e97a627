import { type Kysely, sql } from 'kysely';
import type { Database, GroupMembersTable, GroupRow, InviteLinkRow, JoinRequestRow } from '../db/schema';

/** The rows services read through this repository. */
export type { GroupRow, InviteLinkRow };

export type Role = GroupMembersTable['role'];
export type RequestStatus = JoinRequestRow['status'];

/** A group with its creator's username (null once the creator's account is gone). */
export interface GroupWithCreator extends GroupRow {
  creator_username: string | null;
}

export interface MemberRow {
  user_uuid: string;
  username: string;
  role: Role;
  joined_at: string;
}

export interface GroupRequestRow {
  id: string;
  group_id: string;
  user_uuid: string;
  username: string;
  status: RequestStatus;
  created_at: string;
}

export interface UserRequestRow {
  id: string;
  group_id: string;
  group_name: string;
  status: RequestStatus;
  created_at: string;
}

export interface InviteWithCreator extends InviteLinkRow {
  creator_username: string;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Groups, memberships, join requests and invite links (migration 0003). Every query is a key
 * lookup or a range of one index; nothing here reads push-up entries except the two member sums,
 * which are ranges of pushups_user_day_idx per member.
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
  listForUser(userUuid: string): Promise<Array<GroupWithCreator & { role: Role }>> {
    return this.withCreator()
      .innerJoin('group_members', 'group_members.group_id', 'groups.id')
      .select('group_members.role')
      .where('group_members.user_uuid', '=', userUuid)
      .orderBy('groups.name_lower')
      .orderBy('groups.id')
      .execute();
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
   * Takes one seat (member_count + 1) unless the group is full, in one statement: the row lock
   * makes concurrent joins queue, and each re-checks the cap. false: full (or no such group).
   */
  async takeSeat(groupId: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '+', 1), updated_at: now }))
      .where('id', '=', groupId)
      .where((eb) => eb('member_count', '<', eb.ref('max_members')))
      .returning('member_count')
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

  /** Frees one seat and answers how many members remain (locks the group row until commit). */
  async freeSeat(groupId: string, now: string): Promise<number> {
    const row = await this.db
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '-', 1), updated_at: now }))
      .where('id', '=', groupId)
      .returning('member_count')
      .executeTakeFirstOrThrow();
    return row.member_count;
  }

  /** Removes the group with everything that hangs on it. */
  async deleteGroup(groupId: string): Promise<void> {
    await this.db.deleteFrom('group_invites').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('group_join_requests').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('groups').where('id', '=', groupId).execute();
  }

  // Members

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

  async countAdmins(groupId: string): Promise<number> {
    const row = await this.db
      .selectFrom('group_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('group_id', '=', groupId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
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
      this.db
        .selectFrom('group_members')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_uuid', '=', userUuid)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('group_join_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_uuid', '=', userUuid)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ]);
    return Number(members.n) + Number(pending.n);
  }

  // Join requests

  findRequest(groupId: string, userUuid: string): Promise<JoinRequestRow | undefined> {
    return this.db
      .selectFrom('group_join_requests')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
  }

  findRequestById(id: string): Promise<JoinRequestRow | undefined> {
    return this.db.selectFrom('group_join_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertRequest(row: JoinRequestRow): Promise<void> {
    await this.db.insertInto('group_join_requests').values(row).execute();
  }

  /**
   * Moves a request from one status to another, only if it still has the `from` status (a row
   * lock on PostgreSQL: of two concurrent decisions, one wins). Answers the updated row.
   */
  setRequestStatus(
    id: string,
    from: RequestStatus | readonly RequestStatus[],
    to: RequestStatus,
    now: string,
  ): Promise<JoinRequestRow | undefined> {
    const fromList = typeof from === 'string' ? [from] : [...from];
    return this.db
      .updateTable('group_join_requests')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', fromList)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new request time as well (a request made again counts from now). */
  async renewRequest(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('group_join_requests')
      .set({ status: 'pending', created_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the user's request for the group if it has one of `statuses`; answers whether it did. */
  async deleteRequest(
    groupId: string,
    userUuid: string,
    statuses: readonly RequestStatus[],
  ): Promise<boolean> {
    const result = await this.db
      .deleteFrom('group_join_requests')
      .where('group_id', '=', groupId)
      .where('user_uuid', '=', userUuid)
      .where('status', 'in', [...statuses])
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  requestsOfGroup(groupId: string, status: RequestStatus): Promise<GroupRequestRow[]> {
    return this.db
      .selectFrom('group_join_requests')
      .innerJoin('users', 'users.uuid', 'group_join_requests.user_uuid')
      .select([
        'group_join_requests.id',
        'group_join_requests.group_id',
        'group_join_requests.user_uuid',
        'users.username',
        'group_join_requests.status',
        'group_join_requests.created_at',
      ])
      .where('group_join_requests.group_id', '=', groupId)
      .where('group_join_requests.status', '=', status)
      .orderBy('group_join_requests.created_at')
      .execute();
  }

  requestsOfUser(userUuid: string, status: RequestStatus): Promise<UserRequestRow[]> {
    return this.db
      .selectFrom('group_join_requests')
      .innerJoin('groups', 'groups.id', 'group_join_requests.group_id')
      .select([
        'group_join_requests.id',
        'group_join_requests.group_id',
        'groups.name as group_name',
        'group_join_requests.status',
        'group_join_requests.created_at',
      ])
      .where('group_join_requests.user_uuid', '=', userUuid)
      .where('group_join_requests.status', '=', status)
      .orderBy('group_join_requests.created_at')
      .execute();
  }

  // Invite links

  async insertInvite(row: InviteLinkRow): Promise<void> {
    await this.db.insertInto('group_invites').values(row).execute();
  }

  private invitesWithCreator() {
    return this.db
      .selectFrom('group_invites')
      .innerJoin('users', 'users.uuid', 'group_invites.created_by')
      .selectAll('group_invites')
      .select('users.username as creator_username');
  }

  /** The group's links that are not revoked, newest first. */
  invitesOfGroup(groupId: string): Promise<InviteWithCreator[]> {
    return this.invitesWithCreator()
      .where('group_invites.group_id', '=', groupId)
      .where('group_invites.revoked_at', 'is', null)
      .orderBy('group_invites.created_at', 'desc')
      .execute();
  }

  findInvite(id: string): Promise<InviteWithCreator | undefined> {
    return this.invitesWithCreator().where('group_invites.id', '=', id).executeTakeFirst();
  }

  findInviteByCode(code: string): Promise<InviteLinkRow | undefined> {
    return this.db.selectFrom('group_invites').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async revokeInvite(id: string, now: string): Promise<void> {
    await this.db.updateTable('group_invites').set({ revoked_at: now }).where('id', '=', id).execute();
  }

  /**
   * Counts one use of a live link in one statement (not revoked, not expired, uses left): of
   * concurrent accepts of a last use, one wins. false: the link cannot be used.
   */
  async useInvite(id: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('group_invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .returning('uses')
      .executeTakeFirst();
    return row !== undefined;
  }

  // Account deletion

  async deleteRequestsOfUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('group_join_requests').where('user_uuid', '=', userUuid).execute();
  }

  async deleteInvitesCreatedBy(userUuid: string): Promise<void> {
    await this.db.deleteFrom('group_invites').where('created_by', '=', userUuid).execute();
  }

  async forgetCreator(userUuid: string): Promise<void> {
    await this.db
      .updateTable('groups')
      .set({ created_by: null })
      .where('created_by', '=', userUuid)
      .execute();
  }
}
