import { GROUP_REQUEST_TIMEOUT_MS, joinRequestsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { groupsKey } from './group-keys';

/** The caller's own requests of one status; a failure returns an empty list (docs/product.md, "Messages"). */
function userRequestsQueryOptions(uid: string, status: 'pending' | 'rejected') {
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

export function usePendingRequests() {
  const user = useCurrentUser();
  return useQuery(userRequestsQueryOptions(user.uid, 'pending'));
}

export function useRejectedRequests() {
  const user = useCurrentUser();
  return useQuery(userRequestsQueryOptions(user.uid, 'rejected'));
}
