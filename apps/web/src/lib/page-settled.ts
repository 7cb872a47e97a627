import { useEffect, useState } from 'react';

/** How long the page must have finished no download (script, style, API response) to count as settled. */
const QUIET_MS = 2000;
/** A page that keeps downloading is taken as settled this long after the call. */
const AT_THE_LATEST_MS = 15_000;

/**
 * Runs `run` on an idle moment once the page has settled: loaded, and no download finished for
 * QUIET_MS. For decoration, whose start-up and frames would otherwise take the main thread from a
 * page that is still loading: on a slow phone, time in which the page cannot answer a tap. Returns
 * the function that cancels it.
 */
export function whenPageSettled(run: () => void): () => void {
  const since = performance.now();
  let lastDownload = since;
  const downloads =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver(() => {
          lastDownload = performance.now();
        })
      : null;
  downloads?.observe({ type: 'resource' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const check = () => {
    const now = performance.now();
    const quiet = now - lastDownload;
    if ((document.readyState === 'complete' && quiet >= QUIET_MS) || now - since >= AT_THE_LATEST_MS) {
      downloads?.disconnect();
      if (window.requestIdleCallback) idle = window.requestIdleCallback(run, { timeout: 1000 });
      else timer = setTimeout(run, 0);
      return;
    }
    timer = setTimeout(check, Math.max(100, QUIET_MS - quiet));
  };
  check();
  return () => {
    downloads?.disconnect();
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** False until the page has settled (whenPageSettled), then true for good. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  return settled;
}
