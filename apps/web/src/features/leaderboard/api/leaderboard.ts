import { CACHE_TTL_MS, pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';

/**
 * The global leaderboard, fresh for 60 s (docs/product.md, "Calls"); under the push-up key, so every
 * push-up change refetches it.
 */
export function leaderboardQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'leaderboard'] as const,
    queryFn: ({ signal }) => callApi(pushupsCalls.leaderboard, { signal }),
    staleTime: CACHE_TTL_MS,
  });
}

export function useLeaderboard() {
  const user = useCurrentUser();
  return useQuery(leaderboardQueryOptions(user.uid));
}
