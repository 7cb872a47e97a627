import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write: every query under these keys is asked again, and what it shows is an answer the
 * server gave after the write. A fetch already on its way left before the write: it is cancelled
 * first, since an invalidation would only wait for it when the query has no data yet (a day's list
 * opened offline and fetched as the connection returns while the outbox is still sending; the
 * groups list a newcomer's navigation asks for while their invite is being accepted). A fetch paused
 * offline has not left, and is left alone: cancelling it puts back the query as it was when the
 * fetch began, before the responses saved on the device were restored into it, and a set logged
 * offline after a reload took the total down to the waiting entries alone.
 */
export async function refetchAfterWrite(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(
    queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey, fetchStatus: 'fetching' })),
  );
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * After the session itself changed (an address verified, a fresh token): every query is asked again,
 * with its in-flight fetches cancelled as above. A query refused before (403 'not verified') may be
 * retrying with the old token as the address is verified, and an invalidation would only wait for
 * that refusal.
 */
export function refetchAllAfterSessionChange(queryClient: QueryClient): Promise<void> {
  // The empty key is every query's prefix.
  return refetchAfterWrite(queryClient, []);
}
