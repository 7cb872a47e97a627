import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { NOT_STORED_ON_DEVICE } from '@/lib/offline/query-persistence';

/**
 * Every admin read's key starts with ['admin', uid]: a change made on the page (an invite, a tier,
 * a deletion) refetches them all, since one change shows in several sections (the users, the
 * usage, the audit trail). None of them is kept on the device for offline reading: they hold other
 * people's emails, and the page is for an operator online.
 */
export const adminKey = (uid: string) => ['admin', uid] as const;

/** An admin read whose failure says what failed (docs/product.md, "Messages"). */
export function adminQuery<Answer>(
  uid: string,
  key: readonly unknown[],
  failure: string,
  call: (signal: AbortSignal) => Promise<Answer>,
) {
  return queryOptions({
    queryKey: [...adminKey(uid), ...key],
    queryFn: ({ signal }) => withFallbackMessage(failure, () => call(signal)),
    // The figures change while the operator looks: asked again when they come back to the tab.
    staleTime: 10_000,
    meta: NOT_STORED_ON_DEVICE,
  });
}

/** After a change: every admin read again. */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return () => queryClient.invalidateQueries({ queryKey: adminKey(user.uid) });
}
