import { CACHE_TTL_MS, EARLIEST_DAY, localDay, pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupsKey } from './group-keys';

/**
 * Every member's day sums since 2025-01-01 (the chart overlays), fresh for 60 s (docs/product.md,
 * "Calls"); under the group key, so every group action refetches them.
 */
function memberPushupsQueryOptions(uid: string, groupId: string, today: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'member-pushups', groupId, today] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(sharedMessage('failedToFetchGroupMembers'), () =>
        callApi(pushupsCalls.groupMembers, {
          params: { groupId },
          query: { from: EARLIEST_DAY, to: today },
          signal,
        }),
      ),
    staleTime: CACHE_TTL_MS,
  });
}

export function useMemberPushups(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({
    ...memberPushupsQueryOptions(user.uid, groupId ?? '', localDay(new Date())),
    enabled: groupId !== null,
  });
}
