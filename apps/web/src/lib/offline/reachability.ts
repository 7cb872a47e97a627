import { healthCalls, pathOf } from '@pushup/shared';
import { onlineManager } from '@tanstack/react-query';
import { onReachability } from '@/lib/api-client';

/** How often the server is asked whether it can be reached again, while it cannot. */
const PROBE_MS = 5_000;
let probing = false;
let following = false;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the server responds at all (any status): the health check is public and light. */
function serverAnswers(): Promise<boolean> {
  return fetch(pathOf(healthCalls.check), { cache: 'no-store' }).then(
    () => true,
    () => false,
  );
}

/**
 * Online means: the server can be reached. TanStack Query pauses its fetches and retries while
 * offline and resumes them when back, so data on screen (or saved on the device) stays instead of
 * turning into errors. The browser's events say offline and online. A call that cannot reach the
 * server asks the health check at once: when that fails too, the app is offline (a network that
 * leads nowhere, which the browser still calls online), and the health check is asked again every
 * few seconds until it responds. A single call that fails while the server responds stays that
 * call's error.
 */
export function followReachability(): void {
  if (following) return;
  following = true;
  onReachability(async (reachable) => {
    if (reachable) {
      onlineManager.setOnline(true);
      return;
    }
    if (probing) return;
    probing = true;
    if (!(await serverAnswers())) {
      onlineManager.setOnline(false);
      do await pause(PROBE_MS);
      while (!(await serverAnswers()));
      onlineManager.setOnline(true);
    }
    probing = false;
  });
}
