import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write: every query under these keys is asked again, and what it shows is an answer the
 * server gave after the write. A fetch already on its way left before the write: it is cancelled
 * first, since an invalidation would only wait for it when the query has no data yet (a day's list
 * opened offline and fetched as the connection returns while the outbox is still sending; the
 * groups list a newcomer's navigation asks for while their invite is being accepted).
 */
export async function refetchAfterWrite(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
