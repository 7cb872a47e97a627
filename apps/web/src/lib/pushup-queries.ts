import { EARLIEST_DAY, localDay, pushupsCalls } from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from './api-client';
import { useCurrentUser } from './auth';
import { useOutbox, withWaitingEntries } from './offline/use-outbox';
import { refetchAfterWrite } from './refetch-after-write';

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

/**
 * What of the daily sums the app has while offline without the server's (docs/product.md,
 * "Offline"): only this device's waiting entries ('device-only': a total drawn from them is a lower
 * bound), or nothing at all ('unavailable': the parts that draw them say 'Available when you are
 * back online' instead of loading). null: the server's sums, fetched or saved on the device.
 */
export type DaysOffline = 'device-only' | 'unavailable' | null;

/**
 * The daily sums the dashboard and Log History derive their numbers from ('N recorded', today's
 * sum, both charts), with the entries still waiting on this device counted in at once: added to the
 * server's sums (fetched, or saved on the device), or, offline with none of those, on their own
 * (`offline` says which). `data` is undefined while the server's sums load, and offline with none
 * and nothing waiting.
 */
export function useDailyTotals() {
  const user = useCurrentUser();
  const query = useQuery(dailyQueryOptions(user.uid, localDay(new Date())));
  const outbox = useOutbox();
  // Paused with no answer: offline (lib/offline/reachability.ts) before any answer came or was saved.
  const offlineWithout = query.data === undefined && query.fetchStatus === 'paused';
  const data = useMemo(() => {
    if (query.data) return withWaitingEntries(query.data, outbox);
    if (!offlineWithout) return undefined;
    const waiting = withWaitingEntries([], outbox);
    return waiting.length > 0 ? waiting : undefined;
  }, [query.data, outbox, offlineWithout]);
  const offline: DaysOffline = !offlineWithout ? null : data ? 'device-only' : 'unavailable';
  return { ...query, data, offline };
}

/** After any push-up change: every push-up query, the leaderboard included (fresh for 60 s otherwise). */
export function refreshPushupData(queryClient: QueryClient, uid: string): Promise<void> {
  return refetchAfterWrite(queryClient, pushupsKey(uid));
}
