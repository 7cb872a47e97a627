import { useEffect, useState } from 'react';

/**
 * The time now, renewed every `everyMs` while `active` and at once when the page becomes visible
 * again: a countdown computed from it is right the moment the page returns from the background,
 * where its timers were slowed or stopped.
 */
export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [active, everyMs]);
  return now;
}
