import { habitsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useCurrentUser } from './auth';

/**
 * GET /api/users/settings: read by the profile's Streak card (rest days) and its Your data card
 * (leaderboard visibility), so one query, one cache entry, whichever card writes it.
 */
export function settingsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['settings', uid] as const,
    queryFn: ({ signal }) => callApi(habitsCalls.settings, { signal }),
  });
}

export function useSettings() {
  const user = useCurrentUser();
  return useQuery(settingsQueryOptions(user.uid));
}
