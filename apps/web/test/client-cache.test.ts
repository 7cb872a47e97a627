import { CACHE_TTL_MS } from '@pushup/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaderboardQueryOptions } from '@/features/leaderboard/api/leaderboard';
import { refreshPushupData } from '@/lib/pushup-queries';
import { restoreSessionSnapshot, saveSessionSnapshotOnChange } from '@/lib/session-snapshot';

// The query cache is the app's one client cache: the leaderboard is fresh for 60 s, also across a
// reload through the cache's own snapshot in session storage (docs/product.md, "Caching and
// refresh"), and refetched at once after a push-up change.
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
    sessionStorage.clear();
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

  it('is shown from session storage after a reload within 60 s, and asked for again after them', async () => {
    const stopSaving = saveSessionSnapshotOnChange(queryClient);
    expect(await showLeaderboard()).toEqual({ answer: 1 });
    stopSaving();
    const fetchedAt = queryClient.getQueryState(leaderboardQueryOptions('u1').queryKey)?.dataUpdatedAt ?? 0;

    // A reload: a new, empty query cache in the same tab.
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.setSystemTime(fetchedAt + CACHE_TTL_MS - 1_000);
    restoreSessionSnapshot(queryClient);
    expect(await showLeaderboard()).toEqual({ answer: 1 });
    expect(callApi).toHaveBeenCalledTimes(1);

    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.setSystemTime(fetchedAt + CACHE_TTL_MS);
    restoreSessionSnapshot(queryClient);
    expect(await showLeaderboard()).toEqual({ answer: 2 });
  });

  it('keeps in session storage the leaderboard a push-up change refetched, not the old one', async () => {
    const stopSaving = saveSessionSnapshotOnChange(queryClient);
    await showLeaderboard();
    await refreshPushupData(queryClient, 'u1');
    stopSaving();
    const reloaded = new QueryClient();
    restoreSessionSnapshot(reloaded);
    expect(reloaded.getQueryData(leaderboardQueryOptions('u1').queryKey)).toEqual({ answer: 2 });
  });

  it('drops from session storage an answer the app wrote after a change, so a reload asks the server', async () => {
    const stopSaving = saveSessionSnapshotOnChange(queryClient);
    await showLeaderboard();
    queryClient.setQueryData(leaderboardQueryOptions('u1').queryKey, []);
    stopSaving();
    const reloaded = new QueryClient();
    restoreSessionSnapshot(reloaded);
    expect(reloaded.getQueryData(leaderboardQueryOptions('u1').queryKey)).toBeUndefined();
  });

  it('drops from session storage an answer marked stale while no page shows it, so a reload asks the server', async () => {
    const stopSaving = saveSessionSnapshotOnChange(queryClient);
    await showLeaderboard();
    stop();
    await queryClient.invalidateQueries({ queryKey: leaderboardQueryOptions('u1').queryKey });
    stopSaving();
    expect(callApi).toHaveBeenCalledTimes(1);
    const reloaded = new QueryClient();
    restoreSessionSnapshot(reloaded);
    expect(reloaded.getQueryData(leaderboardQueryOptions('u1').queryKey)).toBeUndefined();
  });
});
