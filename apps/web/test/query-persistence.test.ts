import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { localDb } from '@/lib/offline/local-db';
import { NOT_STORED_ON_DEVICE, restoreQueries, saveQueriesOnChange } from '@/lib/offline/query-persistence';

// What the device keeps of the query cache for offline reading (docs/product.md, "Offline").

// The build's id is a constant the build defines; these tests run unbuilt.
vi.stubGlobal('__BUILD_ID__', 'test-build');

async function savedKeys(uid: string): Promise<unknown[]> {
  const saved = await (await localDb()).get('queries', uid);
  return saved?.state.queries.map((query) => query.queryKey) ?? [];
}

describe('responses kept on the device', () => {
  it('keeps the user’s own answers and never one marked as not stored on the device', async () => {
    const client = new QueryClient();
    const stop = saveQueriesOnChange(client, 'operator-uid');
    await client.fetchQuery({ queryKey: ['profile'], queryFn: async () => ({ total: 12 }) });
    await client.fetchQuery({
      queryKey: ['admin', 'operator-uid', 'users', ''],
      queryFn: async () => ({ users: [{ email: 'someone@example.com' }] }),
      meta: NOT_STORED_ON_DEVICE,
    });
    // Saved a moment after the cache's last change.
    await vi.waitFor(async () => expect(await savedKeys('operator-uid')).toEqual([['profile']]), {
      timeout: 3000,
    });
    stop();

    const offline = new QueryClient();
    expect(await restoreQueries(offline, 'operator-uid')).toBe(true);
    expect(offline.getQueryData(['profile'])).toEqual({ total: 12 });
    expect(offline.getQueryData(['admin', 'operator-uid', 'users', ''])).toBeUndefined();
  });
});
