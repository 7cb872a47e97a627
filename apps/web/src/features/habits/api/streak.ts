import { habitsCalls, localDay, type Streak } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { streakWithWaiting } from '@/features/habits/streak-with-waiting';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useWaitingDays } from '@/lib/offline/use-outbox';
import { pushupsKey } from '@/lib/pushup-queries';

/** GET /api/pushups/streak, for the user's today (refetched after every push-up change). */
function streakQueryOptions(uid: string, today: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'streak', today] as const,
    queryFn: ({ signal }) => callApi(habitsCalls.streak, { signal }),
  });
}

/**
 * The current and longest streak, with the entries still waiting on this device counted in at once
 * (docs/product.md, "Offline"). Undefined data while the server's answer is neither in nor saved:
 * with no history, this device cannot tell how long the streak is.
 */
export function useStreak() {
  const user = useCurrentUser();
  const waitingDays = useWaitingDays();
  // A new function only when the waiting days change: TanStack Query runs it again then.
  const select = useCallback((streak: Streak) => streakWithWaiting(streak, waitingDays), [waitingDays]);
  return useQuery({ ...streakQueryOptions(user.uid, localDay(new Date())), select });
}
