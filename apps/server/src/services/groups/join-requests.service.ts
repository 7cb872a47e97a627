import { randomUUID } from 'node:crypto';
import { type JoinRequest, MESSAGES, type UserJoinRequest } from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { RequestStatus, UserRequestRow } from '../../repositories/join-requests.repository';
import { writeMemberJoinedLine } from '../challenges/feed-writes';
import { earnFirstGroup } from '../habits/earning';
import { groupFull, joinRefusal, lockAsAdmin, lockCaller, requireAdmin, requireGroup } from './group-access';

const requestNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverJoinRequestNotFound);

function toUserRequest(row: UserRequestRow): UserJoinRequest {
  return {
    requestId: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    status: row.status,
    requestedAt: row.created_at,
  };
}

/** Asking to join, cancelling, and the admins' decisions (docs/product.md, "States and transitions"). */
export class JoinRequestsService {
  constructor(private readonly repos: Repositories) {}

  /** A join request (or, with `rejoin`, a rejected or former member's new request). */
  async requestJoin(auth: AuthContext, groupId: string, rejoin = false): Promise<UserJoinRequest> {
    return this.repos.transaction(async (repos) => {
      const user = await lockCaller(repos, auth);
      // Seats and requests read after the group lock; a group being deleted is waited for (404).
      await repos.groups.lockGroup(groupId);
      const group = await requireGroup(repos, groupId);
      const refusal = await joinRefusal(repos, group, user, rejoin);
      if (refusal) throw refusal;
      const existing = await repos.joinRequests.findRequest(groupId, user.uuid);
      const now = new Date().toISOString();
      const requestId = existing?.id ?? randomUUID();
      if (existing) {
        await repos.joinRequests.renewRequest(requestId, now);
      } else {
        await repos.joinRequests.insertRequest({
          id: requestId,
          group_id: groupId,
          user_uuid: user.uuid,
          status: 'pending',
          created_at: now,
          updated_at: now,
        });
      }
      return { requestId, groupId, groupName: group.name, status: 'pending', requestedAt: now };
    });
  }

  /** Cancels the caller's pending request; REQUEST_ALREADY_ACCEPTED when it was accepted meanwhile. */
  async cancelRequest(auth: AuthContext, groupId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const user = await lockCaller(repos, auth);
      await requireGroup(repos, groupId);
      if (await repos.joinRequests.deleteRequest(groupId, user.uuid, ['pending'])) return;
      if (await repos.memberships.roleOf(groupId, user.uuid)) {
        throw new AppError('REQUEST_ALREADY_ACCEPTED', MESSAGES.serverRequestAlreadyAccepted);
      }
      throw new AppError('NOT_FOUND', MESSAGES.serverNoPendingRequest);
    });
  }

  async groupRequests(auth: AuthContext, groupId: string, status: RequestStatus): Promise<JoinRequest[]> {
    await requireAdmin(this.repos, auth, groupId);
    const rows = await this.repos.joinRequests.requestsOfGroup(groupId, status);
    return rows.map((row) => ({
      requestId: row.id,
      groupId: row.group_id,
      user: { uuid: row.user_uuid, username: row.username },
      status: row.status,
      requestedAt: row.created_at,
      created_at: row.created_at,
    }));
  }

  async myRequests(auth: AuthContext, status: RequestStatus): Promise<UserJoinRequest[]> {
    if (!auth.userUuid) return [];
    const rows = await this.repos.joinRequests.requestsOfUser(auth.userUuid, status);
    return rows.map(toUserRequest);
  }

  /** An admin accepts (the requester takes a seat, if one is free) or rejects a pending request. */
  async decideRequest(auth: AuthContext, requestId: string, accept: boolean): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const request = await repos.joinRequests.findRequestById(requestId);
      if (!request) throw requestNotFound();
      await lockAsAdmin(repos, auth, request.group_id);
      const now = new Date().toISOString();
      const decided = await repos.joinRequests.setRequestStatus(
        requestId,
        'pending',
        accept ? 'accepted' : 'rejected',
        now,
      );
      if (!decided) {
        // Gone (cancelled, or the account deleted) since it was read, or decided by another admin.
        if (!(await repos.joinRequests.findRequestById(requestId))) throw requestNotFound();
        throw new AppError('CONFLICT', MESSAGES.serverJoinRequestHandled);
      }
      if (!accept) return;
      if (!(await repos.groups.takeSeat(request.group_id, now))) throw groupFull();
      await repos.memberships.insertMember(request.group_id, request.user_uuid, 'member', now);
      await writeMemberJoinedLine(repos, request.group_id, request.user_uuid, now);
      // The requester's row is not locked here (locks go user, then group); the insert alone earns
      // it at most once, and an account deletion waits for the group lock this holds.
      await earnFirstGroup(repos, request.user_uuid, now);
    });
  }

  /** Lifts a rejection: the user may ask to join again. */
  async allowRejected(auth: AuthContext, groupId: string, userUuid: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await lockAsAdmin(repos, auth, groupId);
      if (!(await repos.joinRequests.deleteRequest(groupId, userUuid, ['rejected']))) {
        throw new AppError('NOT_FOUND', MESSAGES.serverNotRejected);
      }
    });
  }
}
