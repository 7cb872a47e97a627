import { GROUP_REQUEST_TIMEOUT_MS, groupsCalls } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, isApiError } from '@/lib/api-client';
import { groupsKey } from './group-keys';

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
