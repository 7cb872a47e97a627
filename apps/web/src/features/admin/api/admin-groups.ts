import { t } from '@lingui/core/macro';
import { adminInstanceCalls } from '@pushup/shared';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { NOT_STORED_ON_DEVICE } from '@/lib/offline/query-persistence';
import { adminKey, adminQuery, useRefreshAdmin } from './admin-query';

const PAGE = 20;

/** GET /api/admin/groups: the groups whose name contains `search`, a page at a time. */
export function useAdminGroups(search: string) {
  const user = useCurrentUser();
  return useInfiniteQuery({
    queryKey: [...adminKey(user.uid), 'groups', search],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      withFallbackMessage(t`Could not load the groups.`, () =>
        callApi(adminInstanceCalls.groups, { query: { q: search, offset: pageParam, limit: PAGE }, signal }),
      ).then((page) => ({ ...page, offset: pageParam })),
    getNextPageParam: (page) =>
      page.offset + page.groups.length < page.total ? page.offset + page.groups.length : undefined,
    meta: NOT_STORED_ON_DEVICE,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** A group's members, asked when the operator opens them. */
export function useAdminGroupMembers(groupId: string, open: boolean) {
  const user = useCurrentUser();
  return useQuery({
    ...adminQuery(user.uid, ['group-members', groupId], t`Could not load the members.`, (signal) =>
      callApi(adminInstanceCalls.groupMembers, { params: { id: groupId }, signal }),
    ),
    enabled: open,
  });
}

export function useDeleteGroup() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      withFallbackMessage(t`Could not delete the group.`, () =>
        callApi(adminInstanceCalls.deleteGroup, { params: { id }, body: { confirmName: name } }),
      ),
    onSettled: refresh,
  });
}
