import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pushupsKey, refreshPushupData } from '@/lib/pushup-queries';

// What a sync or an edit relies on: after refreshPushupData, every push-up query on screen holds
// a response the server gave after the change.

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('refreshPushupData', () => {
  it('asks again for a list whose first answer left before the change, not only waits for that answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [...pushupsKey('u1'), 'entries', '2026-11-24'];
    // The day's list never loaded (it was opened offline): its first fetch leaves as the
    // connection returns, before the outbox has sent the entries, and returns the old list.
    const answers = [deferred<number[]>(), deferred<number[]>()];
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => (answers[calls++] as ReturnType<typeof deferred<number[]>>).promise,
    });
    const stop = observer.subscribe(() => {});
    expect(calls).toBe(1);

    // The outbox has sent its entries: the push-up queries are refreshed.
    const refreshed = refreshPushupData(queryClient, 'u1');
    answers[0]?.resolve([25]);
    answers[1]?.resolve([25, 10, 5]);
    await refreshed;

    expect(calls).toBe(2);
    expect(queryClient.getQueryData(key)).toEqual([25, 10, 5]);
    stop();
    queryClient.clear();
  });
});
