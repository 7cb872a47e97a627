import {
  type CanJoin,
  type CreateGroupBody,
  type CreateInviteBody,
  EARLIEST_DAY,
  FALLBACK_TIER,
  GROUP_REQUEST_TIMEOUT_MS,
  type Group,
  type GroupQuota,
  groupsCalls,
  type Invite,
  type InviteAccept,
  invitesCalls,
  joinRequestsCalls,
  localDay,
  MESSAGES,
  membershipsCalls,
  pushupsCalls,
  type UserGroup,
  type UserJoinRequest,
} from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi, isApiError, withFallbackMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { cached, clearGroupCaches, GROUP_CACHE_PREFIX } from '../../../lib/session-cache';

/**
 * The group calls of docs/product.md, "Calls", with their query options. Every key
 * starts with ['groups', uid]; after a group action `refreshGroupData` refetches the user's
 * groups, pending requests and quota (docs/product.md, "Calls" and "Caching and refresh").
 */

const groupsKey = (uid: string) => ['groups', uid] as const;
/** sessionStorage key prefix of the members' push-ups (cached 60 s; cleared on page load). */
const MEMBER_PUSHUPS_CACHE = `${GROUP_CACHE_PREFIX}pushups:`;

/** docs/product.md, "Limits": the quota assumed before it loads, and when it cannot be loaded. */
export const QUOTA_BEFORE_LOAD: GroupQuota = { maxGroups: 5, remainingGroups: 0 };
export const QUOTA_FALLBACK: GroupQuota = { maxGroups: FALLBACK_TIER.maxGroups, remainingGroups: 0 };

/** A membership as the client keeps it: the group plus groupId and createdAt (docs/product.md, "Data"). */
export interface Membership extends UserGroup {
  groupId: string;
  createdAt: string;
}

// Reads

export function userGroupsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'mine'] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroups, async () => {
        const groups = await callApi(groupsCalls.listMine, { signal });
        return groups.map(
          (group): Membership => ({ ...group, groupId: group.id, createdAt: group.created_at }),
        );
      }),
  });
}

/** The caller's own requests of one status; a failure answers an empty list (docs/product.md, "Messages"). */
export function userRequestsQueryOptions(uid: string, status: 'pending' | 'rejected') {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'my-requests', status] as const,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(joinRequestsCalls.mine, {
          query: { status },
          signal,
          timeoutMs: GROUP_REQUEST_TIMEOUT_MS,
        });
      } catch (error) {
        // The rejected list decides the 'Rejected' buttons: its failure must be seen.
        if (status === 'rejected') throw error;
        return [];
      }
    },
  });
}

export function groupQuotaQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'quota'] as const,
    queryFn: ({ signal }) => callApi(groupsCalls.quota, { signal }),
  });
}

/** A group's public information; null when it does not exist (docs/product.md, "Calls"). */
export function publicGroupQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'public', groupId] as const,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(groupsCalls.publicInfo, {
          params: { id: groupId },
          signal,
          timeoutMs: GROUP_REQUEST_TIMEOUT_MS,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function groupSearchQueryOptions(uid: string, text: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'search', text] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToSearchGroups, () =>
        callApi(groupsCalls.search, { query: { q: text }, signal }),
      ),
  });
}

export function groupStatsQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'stats', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupStats, () =>
        callApi(groupsCalls.stats, { params: { id: groupId }, signal }),
      ),
  });
}

/** Every member's day sums since 2025-01-01 (the chart overlays), cached 60 s (docs/product.md, "Calls"). */
export function memberPushupsQueryOptions(uid: string, groupId: string, today: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'member-pushups', groupId, today] as const,
    queryFn: ({ signal }) =>
      cached(`${MEMBER_PUSHUPS_CACHE}${uid}:${groupId}:${today}`, () =>
        withFallbackMessage(MESSAGES.failedToFetchGroupMembers, () =>
          callApi(pushupsCalls.groupMembers, {
            params: { groupId },
            query: { from: EARLIEST_DAY, to: today },
            signal,
          }),
        ),
      ),
  });
}

export function groupMembersQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'members', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupMembers, () =>
        callApi(membershipsCalls.list, { params: { id: groupId }, signal }),
      ),
  });
}

/** Admins: the group's pending or rejected requests. */
export function groupRequestsQueryOptions(uid: string, groupId: string, status: 'pending' | 'rejected') {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'requests', groupId, status] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchJoinRequests, () =>
        callApi(joinRequestsCalls.ofGroup, { params: { id: groupId }, query: { status }, signal }),
      ),
  });
}

export function groupInvitesQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invites', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchInviteLinks, () =>
        callApi(invitesCalls.list, { params: { id: groupId }, signal }),
      ),
  });
}

export function inviteCheckQueryOptions(uid: string, code: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invite-check', code] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToCheckInviteLink, () =>
        callApi(invitesCalls.check, { params: { code }, signal }),
      ),
  });
}

export function useUserGroups() {
  const user = useCurrentUser();
  return useQuery(userGroupsQueryOptions(user.uid));
}

export function usePendingRequests() {
  const user = useCurrentUser();
  return useQuery(userRequestsQueryOptions(user.uid, 'pending'));
}

export function useRejectedRequests() {
  const user = useCurrentUser();
  return useQuery(userRequestsQueryOptions(user.uid, 'rejected'));
}

/** The quota with the spec's defaults: before it loads, and when it failed. */
export function useGroupQuota() {
  const user = useCurrentUser();
  const query = useQuery(groupQuotaQueryOptions(user.uid));
  const quota = query.data ?? (query.isError ? QUOTA_FALLBACK : QUOTA_BEFORE_LOAD);
  return { ...query, quota };
}

export function useGroupStats(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({ ...groupStatsQueryOptions(user.uid, groupId ?? ''), enabled: groupId !== null });
}

export function useMemberPushups(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({
    ...memberPushupsQueryOptions(user.uid, groupId ?? '', localDay(new Date())),
    enabled: groupId !== null,
  });
}

// Writes

/** After any group action: the user's groups, pending requests and quota (docs/product.md, "Calls"). */
export function refreshGroupData(queryClient: QueryClient, uid: string): Promise<void> {
  clearGroupCaches();
  return queryClient.invalidateQueries({ queryKey: groupsKey(uid) });
}

/** POST /api/groups with the creation messages of docs/product.md, "Messages". */
export async function createGroup(body: CreateGroupBody): Promise<Group> {
  try {
    return await callApi(groupsCalls.create, { body });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status >= 500) throw new ApiError(error.status, error.code, MESSAGES.groupCreateServerError);
    if (error.status === 400) {
      throw new ApiError(400, error.code, error.serverMessage ?? MESSAGES.groupNameInvalid);
    }
    throw new ApiError(error.status, error.code, error.serverMessage ?? MESSAGES.failedToCreateGroup);
  }
}

export function checkCanJoin(groupId: string): Promise<CanJoin> {
  return withFallbackMessage(MESSAGES.failedToCheckJoinEligibility, () =>
    callApi(groupsCalls.canJoin, { params: { id: groupId } }),
  );
}

export function requestToJoin(groupId: string): Promise<UserJoinRequest> {
  return withFallbackMessage(MESSAGES.failedToRequestGroupJoin, () =>
    callApi(joinRequestsCalls.request, { params: { id: groupId } }),
  );
}

/** Throws an ApiError with code REQUEST_ALREADY_ACCEPTED when the request was accepted meanwhile. */
export function cancelJoinRequest(groupId: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToCancelJoinRequest, () =>
    callApi(joinRequestsCalls.cancel, { params: { id: groupId } }),
  );
}

export async function requestToRejoin(groupId: string): Promise<UserJoinRequest> {
  try {
    return await withFallbackMessage(MESSAGES.failedToRequestRejoin, () =>
      callApi(joinRequestsCalls.rejoin, { params: { id: groupId } }),
    );
  } catch (error) {
    if (isApiError(error) && error.code === 'REQUEST_PENDING') {
      throw new ApiError(error.status, error.code, MESSAGES.rejoinAlreadyPending);
    }
    throw error;
  }
}

export function decideJoinRequest(requestId: string, accept: boolean): Promise<null> {
  return withFallbackMessage(
    accept ? MESSAGES.failedToApproveJoinRequest : MESSAGES.failedToRejectJoinRequest,
    () => callApi(joinRequestsCalls.decide, { params: { requestId }, body: { accept } }),
  );
}

export function allowRejectedMember(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToAllowRejectedMember, () =>
    callApi(joinRequestsCalls.allowRejected, { params: { id: groupId, uuid: userUuid } }),
  );
}

export function addGroupAdmin(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToAddGroupAdmin, () =>
    callApi(membershipsCalls.addAdmin, { params: { id: groupId }, body: { userId: userUuid } }),
  );
}

export function removeGroupAdmin(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToRemoveGroupAdmin, () =>
    callApi(membershipsCalls.removeAdmin, { params: { id: groupId, userId: userUuid } }),
  );
}

export function leaveGroup(groupId: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToLeaveGroup, () =>
    callApi(membershipsCalls.leave, { params: { id: groupId } }),
  );
}

export function removeGroupMember(groupId: string, userUuid: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToRemoveGroupMember, () =>
    callApi(membershipsCalls.remove, { params: { id: groupId, userId: userUuid } }),
  );
}

export function deleteGroup(groupId: string): Promise<null> {
  return callApi(groupsCalls.remove, { params: { id: groupId } });
}

/** docs/product.md, "Validation": an invite needs a signed-in user and an answer whose createdBy.uuid is a string. */
export async function createInvite(groupId: string, body: CreateInviteBody): Promise<Invite> {
  const invite = await withFallbackMessage(MESSAGES.failedToCreateInviteLink, () =>
    callApi(invitesCalls.create, { params: { id: groupId }, body }),
  );
  if (typeof invite?.createdBy?.uuid !== 'string') {
    throw new ApiError(500, 'INTERNAL', MESSAGES.failedToCreateInviteLink);
  }
  return invite;
}

export function revokeInvite(groupId: string, inviteId: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToRevokeInviteLink, () =>
    callApi(invitesCalls.revoke, { params: { id: groupId, inviteId } }),
  );
}

export function acceptInvite(code: string): Promise<InviteAccept> {
  return withFallbackMessage(MESSAGES.failedToAcceptInvite, () =>
    callApi(invitesCalls.accept, { params: { code } }),
  );
}

/** The link a group admin shares: the app's own /invite/:code page. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(code)}`;
}

/** The group's share page: public info and the Join button. */
export function groupShareLink(groupId: string): string {
  return `${window.location.origin}/groups/${encodeURIComponent(groupId)}/join`;
}
