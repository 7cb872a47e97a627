import {
  type CanJoin,
  type CreateGroupBody,
  type CreateInviteBody,
  EARLIEST_DAY,
  FALLBACK_TIER,
  GROUP_REQUEST_TIMEOUT_MS,
  type Group,
  type GroupMember,
  type GroupMemberPushups,
  type GroupQuota,
  type GroupStats,
  type Invite,
  type InviteAccept,
  type InviteCheck,
  type JoinRequest,
  localDay,
  MESSAGES,
  type UserGroup,
  type UserJoinRequest,
} from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, isApiError, withFallbackMessage } from '../api-client';
import { useCurrentUser } from '../auth';
import { cached, clearGroupCaches, GROUP_CACHE_PREFIX } from '../session-cache';

/**
 * The group calls of spec section 7 and design section 5, with their query options. Every key
 * starts with ['groups', uid]; after a group action `refreshGroupData` refetches the user's
 * groups, pending requests and quota (spec section 7, "Caching and refresh").
 */

const groupsKey = (uid: string) => ['groups', uid] as const;
const id = (value: string) => encodeURIComponent(value);
/** sessionStorage key prefix of the members' push-ups (cached 60 s; cleared on page load). */
const MEMBER_PUSHUPS_CACHE = `${GROUP_CACHE_PREFIX}pushups:`;

/** Spec section 9: the quota assumed before it loads, and when it cannot be loaded. */
export const QUOTA_BEFORE_LOAD: GroupQuota = { maxGroups: 5, remainingGroups: 0 };
export const QUOTA_FALLBACK: GroupQuota = { maxGroups: FALLBACK_TIER.maxGroups, remainingGroups: 0 };

/** A membership as the client keeps it: the group plus groupId and createdAt (spec section 3). */
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
        const groups = await api.get<UserGroup[]>('/api/groups', { signal });
        return groups.map(
          (group): Membership => ({ ...group, groupId: group.id, createdAt: group.created_at }),
        );
      }),
  });
}

/** The caller's own requests of one status; a failure answers an empty list (spec section 8). */
export function userRequestsQueryOptions(uid: string, status: 'pending' | 'rejected') {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'my-requests', status] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<UserJoinRequest[]>(`/api/groups/user-join-requests?status=${status}`, {
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
    queryFn: ({ signal }) => api.get<GroupQuota>('/api/groups/quota', { signal }),
  });
}

/** A group's public information; null when it does not exist (spec section 7). */
export function publicGroupQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'public', groupId] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Group>(`/api/groups/public/${id(groupId)}`, {
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
        api.get<Group[]>(`/api/groups/search?${new URLSearchParams({ q: text })}`, { signal }),
      ),
  });
}

export function groupStatsQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'stats', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupStats, () =>
        api.get<GroupStats>(`/api/groups/${id(groupId)}/stats`, { signal }),
      ),
  });
}

/** Every member's day sums since 2025-01-01 (the chart overlays), cached 60 s (spec section 7). */
export function memberPushupsQueryOptions(uid: string, groupId: string, today: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'member-pushups', groupId, today] as const,
    queryFn: ({ signal }) =>
      cached(`${MEMBER_PUSHUPS_CACHE}${uid}:${groupId}:${today}`, () =>
        withFallbackMessage(MESSAGES.failedToFetchGroupMembers, () =>
          api.get<GroupMemberPushups>(
            `/api/pushups/group/${id(groupId)}/members?${new URLSearchParams({ from: EARLIEST_DAY, to: today })}`,
            { signal },
          ),
        ),
      ),
  });
}

export function groupMembersQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'members', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupMembers, () =>
        api.get<GroupMember[]>(`/api/groups/${id(groupId)}/members`, { signal }),
      ),
  });
}

/** Admins: the group's pending or rejected requests. */
export function groupRequestsQueryOptions(uid: string, groupId: string, status: 'pending' | 'rejected') {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'requests', groupId, status] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchJoinRequests, () =>
        api.get<JoinRequest[]>(`/api/groups/${id(groupId)}/join-requests?status=${status}`, { signal }),
      ),
  });
}

export function groupInvitesQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invites', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchInviteLinks, () =>
        api.get<Invite[]>(`/api/groups/${id(groupId)}/invites`, { signal }),
      ),
  });
}

export function inviteCheckQueryOptions(uid: string, code: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'invite-check', code] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToCheckInviteLink, () =>
        api.get<InviteCheck>(`/api/groups/invites/${id(code)}/check`, { signal }),
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

/** After any group action: the user's groups, pending requests and quota (spec section 7). */
export function refreshGroupData(queryClient: QueryClient, uid: string): Promise<void> {
  clearGroupCaches();
  return queryClient.invalidateQueries({ queryKey: groupsKey(uid) });
}

/** POST /api/groups with the spec's creation messages (section 8). */
export async function createGroup(body: CreateGroupBody): Promise<Group> {
  try {
    return await api.post<Group>('/api/groups', body);
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
    api.get<CanJoin>(`/api/groups/${id(groupId)}/can-join`),
  );
}

export function requestToJoin(groupId: string): Promise<UserJoinRequest> {
  return withFallbackMessage(MESSAGES.failedToRequestGroupJoin, () =>
    api.post<UserJoinRequest>(`/api/groups/${id(groupId)}/join-requests`),
  );
}

/** Throws an ApiError with code REQUEST_ALREADY_ACCEPTED when the request was accepted meanwhile. */
export function cancelJoinRequest(groupId: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToCancelJoinRequest, () =>
    api.post<void>(`/api/groups/${id(groupId)}/join-requests/cancel`),
  );
}

export async function requestToRejoin(groupId: string): Promise<UserJoinRequest> {
  try {
    return await withFallbackMessage(MESSAGES.failedToRequestRejoin, () =>
      api.post<UserJoinRequest>(`/api/groups/${id(groupId)}/rejoin`),
    );
  } catch (error) {
    if (isApiError(error) && /pending request/i.test(error.message)) {
      throw new ApiError(error.status, error.code, MESSAGES.rejoinAlreadyPending);
    }
    throw error;
  }
}

export function decideJoinRequest(requestId: string, accept: boolean): Promise<void> {
  return withFallbackMessage(
    accept ? MESSAGES.failedToApproveJoinRequest : MESSAGES.failedToRejectJoinRequest,
    () => api.post<void>(`/api/groups/requests/${id(requestId)}`, { accept }),
  );
}

export function allowRejectedMember(groupId: string, userUuid: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToAllowRejectedMember, () =>
    api.post<void>(`/api/groups/${id(groupId)}/rejected-members/${id(userUuid)}/allow`),
  );
}

export function addGroupAdmin(groupId: string, userUuid: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToAddGroupAdmin, () =>
    api.post<void>(`/api/groups/${id(groupId)}/admins`, { userId: userUuid }),
  );
}

export function removeGroupAdmin(groupId: string, userUuid: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToRemoveGroupAdmin, () =>
    api.delete<void>(`/api/groups/${id(groupId)}/admins/${id(userUuid)}`),
  );
}

export function leaveGroup(groupId: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToLeaveGroup, () =>
    api.delete<void>(`/api/groups/${id(groupId)}/members`),
  );
}

export function removeGroupMember(groupId: string, userUuid: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToRemoveGroupMember, () =>
    api.delete<void>(`/api/groups/${id(groupId)}/members/${id(userUuid)}`),
  );
}

export function deleteGroup(groupId: string): Promise<void> {
  return api.delete<void>(`/api/groups/${id(groupId)}`);
}

/** Spec section 5: an invite needs a signed-in user and an answer whose createdBy.uuid is a string. */
export async function createInvite(groupId: string, body: CreateInviteBody): Promise<Invite> {
  const invite = await withFallbackMessage(MESSAGES.failedToCreateInviteLink, () =>
    api.post<Invite>(`/api/groups/${id(groupId)}/invites`, body),
  );
  if (typeof invite?.createdBy?.uuid !== 'string') {
    throw new ApiError(500, 'INTERNAL', MESSAGES.failedToCreateInviteLink);
  }
  return invite;
}

export function revokeInvite(groupId: string, inviteId: string): Promise<void> {
  return withFallbackMessage(MESSAGES.failedToRevokeInviteLink, () =>
    api.delete<void>(`/api/groups/${id(groupId)}/invites/${id(inviteId)}`),
  );
}

export function acceptInvite(code: string): Promise<InviteAccept> {
  return withFallbackMessage(MESSAGES.failedToAcceptInvite, () =>
    api.post<InviteAccept>(`/api/groups/invites/${id(code)}/accept`),
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
