import { habitsCalls, localDay } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';

/** GET /api/pushups/streak, for the user's today (refetched after every push-up change). */
function streakQueryOptions(uid: string, today: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'streak', today] as const,
    queryFn: ({ signal }) => callApi(habitsCalls.streak, { signal }),
  });
}

export function useStreak() {
  const user = useCurrentUser();
  return useQuery(streakQueryOptions(user.uid, localDay(new Date())));
}
