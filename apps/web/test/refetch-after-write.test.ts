import {
  dehydrate,
  hydrate,
  onlineManager,
  QueryClient,
  type QueryKey,
  QueryObserver,
} from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { groupsKey, refreshGroupData } from '@/features/groups/api/group-keys';
import { pushupsKey, refreshPushupData } from '@/lib/pushup-queries';
import { refetchAllAfterSessionChange } from '@/lib/refetch-after-write';

// What a sync, an edit or a group action relies on: afterwards, every query it refreshes that is
// on screen holds a response the server gave after the change.

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A query on screen whose first fetch is on its way: `answer(first, second)` gives the first fetch's
 * answer (from before the change) and a second fetch's, should one be asked.
 */
function onScreenAndFetching<T>(queryClient: QueryClient, queryKey: QueryKey) {
  const answers = [deferred<T>(), deferred<T>()];
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: () => (answers[calls++] as ReturnType<typeof deferred<T>>).promise,
  });
  const stop = observer.subscribe(() => {});
  return {
    calls: () => calls,
    answer: (first: T, second: T) => {
      answers[0]?.resolve(first);
      answers[1]?.resolve(second);
    },
    stop: () => {
      stop();
      queryClient.clear();
    },
  };
}

describe('refetchAfterWrite', () => {
  it('asks again for a list whose first answer left before the change, not only waits for that answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [...pushupsKey('u1'), 'entries', '2026-11-24'];
    // The day's list never loaded (it was opened offline): its first fetch leaves as the
    // connection returns, before the outbox has sent the entries, and returns the old list.
    const list = onScreenAndFetching<number[]>(queryClient, key);
    expect(list.calls()).toBe(1);

    // The outbox has sent its entries: the push-up queries are refreshed.
    const refreshed = refreshPushupData(queryClient, 'u1');
    list.answer([25], [25, 10, 5]);
    await refreshed;

    expect(list.calls()).toBe(2);
    expect(queryClient.getQueryData(key)).toEqual([25, 10, 5]);
    list.stop();
  });

  it('a group action asks again for the groups list whose first answer left before it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [...groupsKey('u1'), 'mine'];
    // A newcomer's navigation asks for their groups as their username is saved, while the invite
    // they came with is being accepted: that first answer has no group yet.
    const groups = onScreenAndFetching<string[]>(queryClient, key);

    const refreshed = refreshGroupData(queryClient, 'u1');
    groups.answer([], ['g1']);
    await refreshed;

    expect(groups.calls()).toBe(2);
    expect(queryClient.getQueryData(key)).toEqual(['g1']);
    groups.stop();
  });

  it('a verified address asks every query again, also one whose fetch with the old token is on its way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The profile was refused ('not verified') and is being asked again (a retry) with the token
    // from before the address was verified, as the person says they have verified it.
    const profile = onScreenAndFetching<string>(queryClient, ['profile', 'u1']);

    const refreshed = refetchAllAfterSessionChange(queryClient);
    profile.answer('refused: not verified', 'no profile yet: choose a username');
    await refreshed;

    expect(profile.calls()).toBe(2);
    expect(queryClient.getQueryData(['profile', 'u1'])).toBe('no profile yet: choose a username');
    profile.stop();
  });

  it('offline, keeps the responses saved on the device that were restored while the query waited for the network', async () => {
    const key = [...pushupsKey('u1'), 'daily'];
    // What the device saved online: the day sums with the server's 25.
    const before = new QueryClient();
    before.setQueryData(key, [25]);
    const saved = dehydrate(before);
    onlineManager.setOnline(false);
    try {
      // Reloaded offline: the dashboard asks for the sums, whose fetch waits for the network, and
      // the saved responses are restored into the query meanwhile (lib/offline/query-persistence.ts).
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const sums = onScreenAndFetching<number[]>(queryClient, key);
      expect(queryClient.getQueryState(key)?.fetchStatus).toBe('paused');
      hydrate(queryClient, saved);
      expect(queryClient.getQueryData(key)).toEqual([25]);

      // A set logged offline: the push-up queries are refreshed, and the total keeps the server's part.
      await refreshPushupData(queryClient, 'u1');
      expect(queryClient.getQueryData(key)).toEqual([25]);
      sums.stop();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
