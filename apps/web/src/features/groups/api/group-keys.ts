import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { withFallbackMessage } from '@/lib/api-client';
import { achievementsKey } from '@/lib/pushup-queries';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/**
 * Every group query key starts with ['groups', uid]; after a group action `refreshGroupData`
 * refetches the user's groups, pending requests and quota (docs/product.md, "Caching and refresh").
 */
export const groupsKey = (uid: string) => ['groups', uid] as const;

/**
 * After any group action: the user's groups, pending requests and quota (docs/product.md, "Calls"),
 * and the achievements (the first group joined is one).
 */
export function refreshGroupData(queryClient: QueryClient, uid: string): Promise<void> {
  return refetchAfterWrite(queryClient, groupsKey(uid), achievementsKey(uid));
}

/**
 * A group read answered this recently is not fetched again when another part starts showing it: a
 * group card waits for all its lists before it shows them (hooks/use-group-details-loading.ts), so
 * its sections, and on /groups the cards themselves, mount just after the first answers, and with no
 * stale time each would ask for every list a second time at once. A group action still refetches
 * them whatever their age (`refreshGroupData`).
 */
const JUST_ANSWERED_MS = 2_000;

/**
 * A group read: its key under ['groups', uid], and its failure text for when the response carries no
 * message of its own (docs/product.md, "Other messages").
 */
export function groupQueryOptions<Answer>(
  uid: string,
  key: readonly (string | number)[],
  failure: string,
  call: (signal: AbortSignal) => Promise<Answer>,
) {
  return queryOptions({
    queryKey: [...groupsKey(uid), ...key],
    queryFn: ({ signal }) => withFallbackMessage(failure, () => call(signal)),
    staleTime: JUST_ANSWERED_MS,
  });
}
