/** RevisionCache (issue 19): values kept under the revision they were read at, within a size. */
import { describe, expect, it, vi } from 'vitest';
import { RevisionCache } from '../src/services/revision-cache';

describe('RevisionCache', () => {
  it('answers a value only at the revision it was kept at', () => {
    const cache = new RevisionCache<string>(100, (v) => v.length);
    cache.set('a', 3, 'three');
    expect(cache.get('a', 3)).toBe('three');
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('b', 3)).toBeUndefined();
    cache.set('a', 4, 'four');
    expect(cache.get('a', 3)).toBeUndefined();
    expect(cache.get('a', 4)).toBe('four');
  });

  it('lets the oldest values not read since go first when the sizes pass the capacity', () => {
    const cache = new RevisionCache<string>(10, (v) => v.length);
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
    const cache = new RevisionCache<string>(2, () => 1);
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

  it('loads only the users whose revision moved, in one call, and keeps what it loaded', async () => {
    const cache = new RevisionCache<number>(100, () => 1);
    const load = vi.fn(
      async (uuids: string[]) => new Map(uuids.filter((u) => u !== 'quiet').map((u) => [u, u.length])),
    );
    const users = [
      { user_uuid: 'ann', revision: 1 },
      { user_uuid: 'quiet', revision: -1 },
    ];
    expect(await cache.getOrLoad(users, '', load, 0)).toEqual([3, 0]);
    expect(load).toHaveBeenCalledWith(['ann', 'quiet']);
    await cache.getOrLoad(users, '', load, 0);
    expect(load).toHaveBeenCalledTimes(1);
    // In the order asked for, kept and loaded values alike.
    expect(
      await cache.getOrLoad(
        [users[1] as (typeof users)[number], { user_uuid: 'ann', revision: 2 }],
        '',
        load,
        0,
      ),
    ).toEqual([0, 3]);
    expect(load).toHaveBeenLastCalledWith(['ann']);
  });

  it('keeps one value per user: another variant misses and replaces it', async () => {
    const cache = new RevisionCache<string>(100, (v) => v.length);
    const load = vi.fn(async (uuids: string[]) => new Map(uuids.map((u) => [u, `${u} loaded`])));
    const ann = [{ user_uuid: 'ann', revision: 1 }];
    await cache.getOrLoad(ann, '2025-01-01', load, '');
    await cache.getOrLoad(ann, '2025-01-01', load, '');
    expect(load).toHaveBeenCalledTimes(1);
    await cache.getOrLoad(ann, '2025-06-01', load, '');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.get('ann', 1, '2025-06-01')).toBe('ann loaded');
    expect(cache.get('ann', 1, '2025-01-01')).toBeUndefined();
    expect(cache.get('ann', 1)).toBeUndefined();
  });
});
