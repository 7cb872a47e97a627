import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '@/lib/i18n/format';
import { prefersReducedMotion } from '@/lib/reduced-motion';

const DURATION_MS = 700;

/** Counts (in the active language's digits and separators) from the previous value to `value` (ease-out); jumps straight there under reduced motion. */
export function AnimatedNumber({ value }: { value: number }) {
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (from === value || prefersReducedMotion()) {
      shownRef.current = value;
      setShown(value);
      return;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const progress = Math.min(1, (now - started) / DURATION_MS);
      const eased = 1 - (1 - progress) ** 3;
      const next = Math.round(from + (value - from) * eased);
      shownRef.current = next;
      setShown(next);
      if (progress < 1) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);

  return <>{formatNumber(shown)}</>;
}
