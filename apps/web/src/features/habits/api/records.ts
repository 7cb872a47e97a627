import { habitsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';

/** GET /api/pushups/records (refetched after every push-up change). */
function recordsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...pushupsKey(uid), 'records'] as const,
    queryFn: ({ signal }) => callApi(habitsCalls.records, { signal }),
  });
}

export function useRecords() {
  const user = useCurrentUser();
  return useQuery(recordsQueryOptions(user.uid));
}
