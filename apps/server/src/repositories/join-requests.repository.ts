import type { Kysely } from 'kysely';
import type { Database, JoinRequestRow } from '../db/schema';

export type RequestStatus = JoinRequestRow['status'];

/** A request as its group's admins see it: with the requester's username. */
export interface GroupRequestRow {
  id: string;
  group_id: string;
  user_uuid: string;
  username: string;
  status: RequestStatus;
  created_at: string;
}

/** A request as its requester sees it: with the group's name. */
export interface UserRequestRow {
  id: string;
  group_id: string;
  group_name: string;
  status: RequestStatus;
  created_at: string;
}

/** Requests to join a group and their decisions. */
export class JoinRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Deletes the user's request for the group if it has one of `statuses`; returns whether it did. */
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

  /** The requests with this status, oldest first, and the columns both lists show. */
  private withStatus(status: RequestStatus) {
    return this.db
      .selectFrom('group_join_requests')
      .select([
        'group_join_requests.id',
        'group_join_requests.group_id',
        'group_join_requests.status',
        'group_join_requests.created_at',
      ])
      .where('group_join_requests.status', '=', status)
      .orderBy('group_join_requests.created_at');
  }

  requestsOfGroup(groupId: string, status: RequestStatus): Promise<GroupRequestRow[]> {
    return this.withStatus(status)
      .innerJoin('users', 'users.uuid', 'group_join_requests.user_uuid')
      .select(['group_join_requests.user_uuid', 'users.username'])
      .where('group_join_requests.group_id', '=', groupId)
      .execute();
  }

  requestsOfUser(userUuid: string, status: RequestStatus): Promise<UserRequestRow[]> {
    return this.withStatus(status)
      .innerJoin('groups', 'groups.id', 'group_join_requests.group_id')
      .select('groups.name as group_name')
      .where('group_join_requests.user_uuid', '=', userUuid)
      .execute();
  }

  async deleteRequestsOfUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('group_join_requests').where('user_uuid', '=', userUuid).execute();
  }
}
