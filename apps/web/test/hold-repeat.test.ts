import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoldRepeater, FASTEST_REPEAT_MS, repeatInterval, SLOWEST_REPEAT_MS } from '@/lib/hold-repeat';

describe('press-and-hold acceleration', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function hold() {
    let steps = 0;
    const repeater = createHoldRepeater(
      () => {
        steps++;
      },
      () => Date.now(),
    );
    repeater.start();
    return { steps: () => steps, repeater };
  }

  it('steps once on press and waits 400 ms before repeating', () => {
    const { steps, repeater } = hold();
    expect(steps()).toBe(1);
    vi.advanceTimersByTime(399);
    expect(steps()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(steps()).toBe(2);
    repeater.stop();
  });

  it('repeats faster the longer it is held, reaching full speed after about 4 s', () => {
    const { steps, repeater } = hold();
    vi.advanceTimersByTime(400);
    const atStart = steps();
    vi.advanceTimersByTime(1000);
    const firstSecond = steps() - atStart;
    vi.advanceTimersByTime(3000);
    const beforeFull = steps();
    vi.advanceTimersByTime(1000);
    const fullSpeedSecond = steps() - beforeFull;

    expect(firstSecond).toBeGreaterThanOrEqual(7);
    expect(firstSecond).toBeLessThanOrEqual(9);
    expect(fullSpeedSecond).toBeGreaterThanOrEqual(Math.floor(1000 / FASTEST_REPEAT_MS) - 1);
    expect(fullSpeedSecond).toBeGreaterThan(firstSecond * 3);
    repeater.stop();
  });

  it('stops at once on release', () => {
    const { steps, repeater } = hold();
    vi.advanceTimersByTime(1000);
    repeater.stop();
    const released = steps();
    vi.advanceTimersByTime(5000);
    expect(steps()).toBe(released);
  });

  it('a quick tap steps exactly once', () => {
    const { steps, repeater } = hold();
    vi.advanceTimersByTime(150);
    repeater.stop();
    vi.advanceTimersByTime(2000);
    expect(steps()).toBe(1);
  });

  it('interval goes from the slowest to the fastest and no further', () => {
    expect(repeatInterval(0)).toBe(SLOWEST_REPEAT_MS);
    expect(repeatInterval(2000)).toBe((SLOWEST_REPEAT_MS + FASTEST_REPEAT_MS) / 2);
    expect(repeatInterval(4000)).toBe(FASTEST_REPEAT_MS);
    expect(repeatInterval(60_000)).toBe(FASTEST_REPEAT_MS);
  });
});
