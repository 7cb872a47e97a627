/** Where this device keeps the day 'Not now' was chosen: installing is a choice per device, not per account. */
const NOT_NOW_KEY = 'pushup-install-not-now';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day 'Not now' was last chosen on this device, or null (never, or storage unavailable). */
export function readNotNow(): string | null {
  try {
    const day = localStorage.getItem(NOT_NOW_KEY);
    return day !== null && DAY.test(day) ? day : null;
  } catch {
    return null;
  }
}

/** Remembers 'Not now' with its day. */
export function rememberNotNow(today: string): void {
  try {
    localStorage.setItem(NOT_NOW_KEY, today);
  } catch {
    // Storage refused (private mode, full): the offer may come back sooner, nothing worse.
  }
}
