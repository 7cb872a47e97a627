import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { whenPageSettled } from '@/lib/page-settled';
import { ChartLoading } from './chart-loading';

/** How far below the screen a chart's box starts being drawn, before it scrolls into view. */
const AHEAD = '200px';

/**
 * A chart (Chart.js, loaded lazily) drawn once its box comes near the screen or the page has
 * settled, whichever comes first. Below a phone's first screen, loading Chart.js and drawing and
 * animating a chart took the main thread from the page while it loaded, for a chart nobody saw yet.
 * The box keeps its height meanwhile, so nothing moves when the chart appears.
 */
export function DeferredChart({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [draw, setDraw] = useState(false);

  useEffect(() => {
    if (draw) return;
    const show = () => setDraw(true);
    const cancel = whenPageSettled(show);
    const near =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) show();
            },
            { rootMargin: `${AHEAD} 0px` },
          )
        : null;
    if (box.current) near?.observe(box.current);
    return () => {
      cancel();
      near?.disconnect();
    };
  }, [draw]);

  return (
    <div ref={box} className="h-full">
      {draw ? <Suspense fallback={<ChartLoading />}>{children}</Suspense> : <ChartLoading />}
    </div>
  );
}
