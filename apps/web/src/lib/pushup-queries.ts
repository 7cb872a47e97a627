import { EARLIEST_DAY, localDay, pushupsCalls } from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from './api-client';
import { useCurrentUser } from './auth';
import { useOutbox, withWaitingEntries } from './offline/use-outbox';

/**
 * What the push-up features share: one key prefix, so one invalidation refreshes every push-up
 * query after a change (docs/product.md, "Caching and refresh"), and the daily sums that the
 * dashboard and Log History both read.
 */
export const pushupsKey = (uid: string) => ['pushups', uid] as const;
/**
 * The achievements: under the push-up prefix, so every push-up change asks again whether one was
 * earned; group actions (the first group) refresh them too.
 */
export const achievementsKey = (uid: string) => [...pushupsKey(uid), 'achievements'] as const;

/** Daily sums of every day with entries from 2025-01-01 to today: both charts and the total read it. */
function dailyQueryOptions(uid: string, today: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'daily', EARLIEST_DAY, today] as const,
    queryFn: ({ signal }) =>
      callApi(pushupsCalls.daily, { query: { from: EARLIEST_DAY, to: today }, signal }),
  });
}

/** The daily sums with the entries still waiting on this device counted in (docs/product.md, "Offline"). */
export function useDailyTotals() {
  const user = useCurrentUser();
  const query = useQuery(dailyQueryOptions(user.uid, localDay(new Date())));
  const outbox = useOutbox();
  const data = useMemo(
    () => (query.data ? withWaitingEntries(query.data, outbox) : undefined),
    [query.data, outbox],
  );
  return { ...query, data };
}

/**
 * After any push-up change: refetch every push-up query, the leaderboard included (fresh for 60 s
 * otherwise). A fetch
 * already on its way left before the change: it is cancelled first, since an invalidation would
 * only wait for it when the query has no data yet (a day's list opened offline, fetched as the
 * connection returns while the outbox is still sending).
 */
export async function refreshPushupData(queryClient: QueryClient, uid: string): Promise<void> {
  const queryKey = pushupsKey(uid);
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
