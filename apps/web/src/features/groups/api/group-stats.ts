import { groupsCalls, MESSAGES } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { groupsKey } from './group-keys';

export function groupStatsQueryOptions(uid: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'stats', groupId] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToFetchGroupStats, () =>
        callApi(groupsCalls.stats, { params: { id: groupId }, signal }),
      ),
  });
}

export function useGroupStats(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({ ...groupStatsQueryOptions(user.uid, groupId ?? ''), enabled: groupId !== null });
}
