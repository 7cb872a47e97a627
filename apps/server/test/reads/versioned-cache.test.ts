/** VersionedCache: values cached under the version of the rows they were computed from, within a size. */
import { describe, expect, it, vi } from 'vitest';
import { VersionedCache } from '../../src/reads/versioned-cache';

const byRevision = (user: { revision: number }) => user.revision;

describe('VersionedCache', () => {
  it('returns a value only at the version it was cached at', () => {
    const cache = new VersionedCache<string>(100, (v) => v.length);
    cache.set('a', 3, 'three');
    expect(cache.get('a', 3)).toBe('three');
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('b', 3)).toBeUndefined();
    cache.set('a', 4, 'four');
    expect(cache.get('a', 3)).toBeUndefined();
    expect(cache.get('a', 4)).toBe('four');
  });

  it('lets the oldest values not read since go first when the sizes pass the capacity', () => {
    const cache = new VersionedCache<string>(10, (v) => v.length);
    cache.set('a', 1, 'aaaa');
    cache.set('b', 1, 'bbbb');
    expect(cache.get('a', 1)).toBe('aaaa'); // a was read: passed over once
    cache.set('c', 1, 'cccc');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('aaaa');
    expect(cache.get('c', 1)).toBe('cccc');
    cache.set('huge', 1, 'x'.repeat(11));
    expect(cache.get('huge', 1)).toBeUndefined();
  });

  it('never evicts the value it has just stored, even when every older one was read', () => {
    const cache = new VersionedCache<string>(2, () => 1);
    cache.set('a', 1, 'A');
    cache.set('b', 1, 'B');
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('b', 1)).toBe('B');
    cache.set('c', 1, 'C');
    expect(cache.get('c', 1)).toBe('C');
    // One of the two older values made room: both were read, so the oldest goes.
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe('B');
  });

  it('loads only the users whose revision moved, in one call, and caches what it loaded', async () => {
    const cache = new VersionedCache<number>(100, () => 1);
    const load = vi.fn(
      async (uuids: string[]) => new Map(uuids.filter((u) => u !== 'quiet').map((u) => [u, u.length])),
    );
    const users = [
      { user_uuid: 'ann', revision: 1 },
      { user_uuid: 'quiet', revision: -1 },
    ];
    expect(await cache.getOrLoad(users, byRevision, '', load, 0)).toEqual([3, 0]);
    expect(load).toHaveBeenCalledWith(['ann', 'quiet']);
    await cache.getOrLoad(users, byRevision, '', load, 0);
    expect(load).toHaveBeenCalledTimes(1);
    // In the order asked for, cached and loaded values alike.
    expect(
      await cache.getOrLoad(
        [users[1] as (typeof users)[number], { user_uuid: 'ann', revision: 2 }],
        byRevision,
        '',
        load,
        0,
      ),
    ).toEqual([0, 3]);
    expect(load).toHaveBeenLastCalledWith(['ann']);
  });

  it('caches one value per user: another variant misses and replaces it', async () => {
    const cache = new VersionedCache<string>(100, (v) => v.length);
    const load = vi.fn(async (uuids: string[]) => new Map(uuids.map((u) => [u, `${u} loaded`])));
    const ann = [{ user_uuid: 'ann', revision: 1 }];
    await cache.getOrLoad(ann, byRevision, '2025-01-01', load, '');
    await cache.getOrLoad(ann, byRevision, '2025-01-01', load, '');
    expect(load).toHaveBeenCalledTimes(1);
    await cache.getOrLoad(ann, byRevision, '2025-06-01', load, '');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.get('ann', 1, '2025-06-01')).toBe('ann loaded');
    expect(cache.get('ann', 1, '2025-01-01')).toBeUndefined();
    expect(cache.get('ann', 1)).toBeUndefined();
  });
});
