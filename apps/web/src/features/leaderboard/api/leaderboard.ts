import { CACHE_TTL_MS, pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';
import { SESSION_CACHED } from '@/lib/session-snapshot';

/**
 * The global leaderboard, fresh for 60 s, also across a reload (docs/product.md, "Caching and
 * refresh"); under the push-up key, so every push-up change refetches it.
 */
export function leaderboardQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'leaderboard'] as const,
    queryFn: ({ signal }) => callApi(pushupsCalls.leaderboard, { signal }),
    staleTime: CACHE_TTL_MS,
    meta: SESSION_CACHED,
  });
}

export function useLeaderboard() {
  const user = useCurrentUser();
  return useQuery(leaderboardQueryOptions(user.uid));
}
