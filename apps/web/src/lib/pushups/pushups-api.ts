import {
  BACKDATED_ENTRY_HOUR,
  type CreatePushupBody,
  EARLIEST_DAY,
  localDate,
  localDay,
  type PushupEntry,
  pushupsCalls,
  type UpdatePushupBody,
} from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { useCurrentUser } from '../auth';
import { cached, clearSessionCache } from '../session-cache';

/**
 * The push-up calls of docs/product.md, "Calls", and their TanStack Query options. Every key starts with
 * ['pushups', uid], so one invalidation refreshes all push-up data after a change.
 */

const pushupsKey = (uid: string) => ['pushups', uid] as const;
const leaderboardCacheKey = (uid: string) => `leaderboard:${uid}`;

/** The caller's entries of the days from..to (inclusive), newest first. */
export function entriesQueryOptions(uid: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'entries', from, to] as const,
    queryFn: ({ signal }) => callApi(pushupsCalls.list, { query: { from, to }, signal }),
  });
}

/** Daily sums of every day with entries from 2025-01-01 to today: both charts and the total read it. */
export function dailyQueryOptions(uid: string, today: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'daily', EARLIEST_DAY, today] as const,
    queryFn: ({ signal }) =>
      callApi(pushupsCalls.daily, { query: { from: EARLIEST_DAY, to: today }, signal }),
  });
}

/** The global leaderboard, cached 60 s in sessionStorage (docs/product.md, "Calls"). */
export function leaderboardQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'leaderboard'] as const,
    queryFn: ({ signal }) =>
      cached(leaderboardCacheKey(uid), () => callApi(pushupsCalls.leaderboard, { signal })),
  });
}

export function useDailyTotals() {
  const user = useCurrentUser();
  return useQuery(dailyQueryOptions(user.uid, localDay(new Date())));
}

export function useLeaderboard() {
  const user = useCurrentUser();
  return useQuery(leaderboardQueryOptions(user.uid));
}

export function useEntriesOfDay(day: string) {
  const user = useCurrentUser();
  return useQuery(entriesQueryOptions(user.uid, day, day));
}

export function logPushups(body: CreatePushupBody): Promise<PushupEntry> {
  return callApi(pushupsCalls.log, { body });
}

export function updatePushup(uuid: string, body: UpdatePushupBody): Promise<PushupEntry> {
  return callApi(pushupsCalls.update, { params: { uuid }, body });
}

export function deletePushup(uuid: string): Promise<null> {
  return callApi(pushupsCalls.remove, { params: { uuid } });
}

/** After any push-up change: drop the cached leaderboard and refetch every push-up query. */
export function refreshPushupData(queryClient: QueryClient, uid: string): Promise<void> {
  clearSessionCache(leaderboardCacheKey(uid));
  return queryClient.invalidateQueries({ queryKey: pushupsKey(uid) });
}

/**
 * The instant stored for an entry logged for `day` (the user's local calendar): now when it is
 * today, else 12:00 local time on that day (docs/product.md, "Validation").
 */
export function entryInstant(day: string, now: Date = new Date()): string {
  if (day === localDay(now)) return now.toISOString();
  return localDate(day, BACKDATED_ENTRY_HOUR).toISOString();
}
