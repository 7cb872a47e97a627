import { describe, expect, it } from 'vitest';
import {
  extendRest,
  formatClock,
  restFractionLeft,
  restLeftMs,
  restOver,
  restSecondsLeft,
  skipRest,
  startRest,
} from '@/features/plans/rest-timer';
import { endRest, finishSet, startWorkout } from '@/features/plans/workout-state';

const T0 = Date.UTC(2026, 10, 24, 10, 0, 0);
const set = (reps: number, restSeconds: number) => ({ reps, restSeconds, atLeast: false });

describe('the rest timer', () => {
  it('ends at a timestamp: the time left is what remains until then', () => {
    const rest = startRest(60, T0);
    expect(rest.endsAt).toBe(T0 + 60_000);
    expect(restSecondsLeft(rest, T0)).toBe(60);
    expect(restSecondsLeft(rest, T0 + 59_200)).toBe(1);
    expect(restOver(rest, T0 + 59_999)).toBe(false);
    expect(restOver(rest, T0 + 60_000)).toBe(true);
    expect(restFractionLeft(rest, T0 + 15_000)).toBeCloseTo(0.75);
  });

  it('reads right after the page returns from the background, however few ticks it got', () => {
    const rest = startRest(90, T0);
    // Hidden for 70 s: no tick ran in between, the first look after it is the truth.
    expect(restSecondsLeft(rest, T0 + 70_000)).toBe(20);
    // Hidden past its end: over, never negative.
    expect(restLeftMs(rest, T0 + 500_000)).toBe(0);
    expect(restOver(rest, T0 + 500_000)).toBe(true);
  });

  it('+30 s adds to the time left and to the ring, also after the rest ran out', () => {
    const rest = startRest(60, T0);
    const longer = extendRest(rest, T0 + 50_000);
    expect(restSecondsLeft(longer, T0 + 50_000)).toBe(40);
    expect(longer.lengthMs).toBe(90_000);
    const afterEnd = extendRest(rest, T0 + 80_000);
    expect(restSecondsLeft(afterEnd, T0 + 80_000)).toBe(30);
    expect(restFractionLeft(afterEnd, T0 + 80_000)).toBeLessThanOrEqual(1);
  });

  it('Skip ends the rest now', () => {
    const rest = skipRest(startRest(60, T0), T0 + 5_000);
    expect(restOver(rest, T0 + 5_000)).toBe(true);
    expect(restSecondsLeft(rest, T0 + 5_000)).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(0)).toBe('0:00');
  });
});

describe('the workout’s steps', () => {
  it('goes set, rest of that set, next set, and after the last set to the summary', () => {
    let workout = startWorkout(7, [set(10, 60), set(8, 90), set(12, 0)]);
    workout = finishSet(workout, 10, T0);
    expect(workout.phase).toEqual({ kind: 'rest', next: 1, rest: { endsAt: T0 + 60_000, lengthMs: 60_000 } });
    workout = endRest(workout);
    expect(workout.phase).toEqual({ kind: 'set', index: 1 });
    workout = endRest(finishSet(workout, 6, T0 + 100_000));
    workout = finishSet(workout, 15, T0 + 300_000);
    expect(workout.phase).toEqual({ kind: 'summary' });
    expect(workout.done).toEqual([10, 6, 15]);
  });

  it('ignores a second Done on a set that is already resting', () => {
    const resting = finishSet(startWorkout(0, [set(5, 30), set(5, 30)]), 5, T0);
    expect(finishSet(resting, 9, T0 + 1)).toBe(resting);
  });
});
