import { CACHE_TTL_MS } from '@pushup/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaderboardQueryOptions } from '@/features/leaderboard/api/leaderboard';
import { refreshPushupData } from '@/lib/pushup-queries';

// The query cache is the app's one client cache: the leaderboard is fresh for 60 s
// (docs/product.md, "Calls") and refetched at once after a push-up change.
const callApi = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callApi,
}));

describe('the leaderboard in the query cache', () => {
  let queryClient: QueryClient;
  let stop = () => {};

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let answers = 0;
    callApi.mockImplementation(async () => ({ answer: ++answers }));
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    stop();
    queryClient.clear();
    callApi.mockReset();
    vi.useRealTimers();
  });

  /** A leaderboard card on screen: what it shows once its query has settled. */
  async function showLeaderboard() {
    stop();
    const observer = new QueryObserver(queryClient, leaderboardQueryOptions('u1'));
    stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    return observer.getCurrentResult().data;
  }

  it('is shown again from the cache for 60 s, then asked for again', async () => {
    expect(await showLeaderboard()).toEqual({ answer: 1 });
    const fetchedAt = queryClient.getQueryState(leaderboardQueryOptions('u1').queryKey)?.dataUpdatedAt ?? 0;
    vi.setSystemTime(fetchedAt + CACHE_TTL_MS - 1_000);
    expect(await showLeaderboard()).toEqual({ answer: 1 });
    expect(callApi).toHaveBeenCalledTimes(1);

    vi.setSystemTime(fetchedAt + CACHE_TTL_MS);
    expect(await showLeaderboard()).toEqual({ answer: 2 });
    expect(callApi).toHaveBeenCalledTimes(2);
  });

  it('is asked for again at once after a push-up change', async () => {
    expect(await showLeaderboard()).toEqual({ answer: 1 });
    await refreshPushupData(queryClient, 'u1');
    expect(queryClient.getQueryData(leaderboardQueryOptions('u1').queryKey)).toEqual({ answer: 2 });
    expect(callApi).toHaveBeenCalledTimes(2);
  });
});
