import { pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { leaderboardCacheKey, pushupsKey } from '@/lib/pushup-queries';
import { cached } from '@/lib/session-cache';

/** The global leaderboard, cached 60 s in sessionStorage (docs/product.md, "Calls"). */
export function leaderboardQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'leaderboard'] as const,
    queryFn: ({ signal }) =>
      cached(leaderboardCacheKey(uid), () => callApi(pushupsCalls.leaderboard, { signal })),
  });
}

export function useLeaderboard() {
  const user = useCurrentUser();
  return useQuery(leaderboardQueryOptions(user.uid));
}
