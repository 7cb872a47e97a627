import { pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';

/** The caller's entries of the days from..to (inclusive), newest first. */
export function entriesQueryOptions(uid: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'entries', from, to] as const,
    queryFn: ({ signal }) => callApi(pushupsCalls.list, { query: { from, to }, signal }),
  });
}

export function useEntriesOfDay(day: string) {
  const user = useCurrentUser();
  return useQuery(entriesQueryOptions(user.uid, day, day));
}
