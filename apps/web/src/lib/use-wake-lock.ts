import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (a guided workout or the camera counter: the phone lies on the floor),
 * with the Screen Wake Lock API where the browser has it. The browser lets go of the lock when the
 * page is hidden, so it is asked for again each time the page becomes visible.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (ended) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no user gesture yet): the screen follows its own timeout.
      }
    };
    void request();
    document.addEventListener('visibilitychange', request);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
