/**
 * The rest between two sets of a guided workout (docs/product.md, "Training plans: screens"), as
 * arithmetic on an end timestamp: a page that was in the background (its timers slowed or stopped)
 * shows the right time left the moment it returns, because nothing is counted in ticks.
 */
export interface Rest {
  /** When the rest ends (ms since the epoch). */
  endsAt: number;
  /** Its whole length with what was added (ms): the countdown ring's full circle. */
  lengthMs: number;
}

/** What '+30 s' adds. */
export const REST_EXTRA_SECONDS = 30;

export function startRest(seconds: number, now: number): Rest {
  const lengthMs = Math.max(0, seconds) * 1000;
  return { endsAt: now + lengthMs, lengthMs };
}

/** '+30 s': more rest from now, also after the rest has run out. */
export function extendRest(rest: Rest, now: number, seconds = REST_EXTRA_SECONDS): Rest {
  const left = restLeftMs(rest, now);
  return { endsAt: now + left + seconds * 1000, lengthMs: Math.max(rest.lengthMs, left) + seconds * 1000 };
}

/** 'Skip': the rest ends now. */
export function skipRest(rest: Rest, now: number): Rest {
  return { ...rest, endsAt: Math.min(rest.endsAt, now) };
}

export function restLeftMs(rest: Rest, now: number): number {
  return Math.max(0, rest.endsAt - now);
}

/** The whole seconds a countdown shows: 0.2 s left still reads 1. */
export function restSecondsLeft(rest: Rest, now: number): number {
  return Math.ceil(restLeftMs(rest, now) / 1000);
}

/** How much of the ring is left, from 1 (just started) to 0 (over). */
export function restFractionLeft(rest: Rest, now: number): number {
  return rest.lengthMs === 0 ? 0 : Math.min(1, restLeftMs(rest, now) / rest.lengthMs);
}

export function restOver(rest: Rest, now: number): boolean {
  return restLeftMs(rest, now) === 0;
}

/** '1:05', '0:09': minutes and seconds as a countdown shows them. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
