import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cached, clearSessionCache, getCached, removeCached, setCached } from '@/lib/session-cache';

describe('session cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a value for 60 s by default, then drops it', () => {
    setCached('profile:u1', { username: 'alice' });
    vi.advanceTimersByTime(59_999);
    expect(getCached('profile:u1')).toEqual({ username: 'alice' });
    vi.advanceTimersByTime(1);
    expect(getCached('profile:u1')).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('honours a custom time to live', () => {
    setCached('leaderboard', [1, 2], 5_000);
    vi.advanceTimersByTime(4_999);
    expect(getCached('leaderboard')).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(getCached('leaderboard')).toBeUndefined();
  });

  it('reads through: loads once within the time to live', async () => {
    const load = vi.fn(async () => 'fresh');
    await expect(cached('k', load)).resolves.toBe('fresh');
    await expect(cached('k', load)).resolves.toBe('fresh');
    expect(load).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    await cached('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('clears everything, by prefix, or one key, and leaves foreign keys alone', () => {
    sessionStorage.setItem('other-app', 'keep');
    setCached('profile:u1', 1);
    setCached('leaderboard', 2);
    removeCached('leaderboard');
    expect(getCached('leaderboard')).toBeUndefined();
    setCached('leaderboard', 2);
    clearSessionCache('profile:');
    expect(getCached('profile:u1')).toBeUndefined();
    expect(getCached('leaderboard')).toBe(2);
    clearSessionCache();
    expect(getCached('leaderboard')).toBeUndefined();
    expect(sessionStorage.getItem('other-app')).toBe('keep');
  });

  it('treats a corrupt entry as a miss', () => {
    sessionStorage.setItem('pushup-cache:broken', '{not json');
    expect(getCached('broken')).toBeUndefined();
  });
});
