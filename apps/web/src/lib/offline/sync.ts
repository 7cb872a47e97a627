import { flushOutbox, hasWaiting, listOutbox, OUTBOX_SYNC_TAG, type SendOutcome } from './outbox';
import { rememberSession } from './stored-session';

/**
 * When the outbox is sent from a page: now (after a submit, at start, when the connection
 * returns), and again with a growing pause while entries still wait and the browser says it is
 * online. Where the browser has Background Sync, the service worker is asked too, so the entries
 * go out when the connection returns even after the page was closed.
 */

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 120_000;

let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = FIRST_RETRY_MS;

/** Sends the user's outbox now; returns what became of each entry tried. */
export async function syncOutbox(
  uid: string,
  token: () => Promise<string | null>,
): Promise<Map<string, SendOutcome>> {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  let outcomes = new Map<string, SendOutcome>();
  if (navigator.onLine) {
    try {
      outcomes = await flushOutbox(uid);
    } catch {
      // IndexedDB unavailable: nothing can wait on this device, so nothing is left to send.
      return outcomes;
    }
  }
  const waiting = hasWaiting(outcomes) || (await hasUnsent(uid));
  if (!waiting) {
    retryDelay = FIRST_RETRY_MS;
    return outcomes;
  }
  void askWorkerToSync(uid, token);
  if (navigator.onLine) {
    retryTimer = setTimeout(() => void syncOutbox(uid, token), retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
  }
  return outcomes;
}

/** Stops the retries (at sign-out). */
export function stopSyncRetries(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = FIRST_RETRY_MS;
}

async function hasUnsent(uid: string): Promise<boolean> {
  try {
    return (await listOutbox(uid)).some((entry) => !entry.refusal);
  } catch {
    return false;
  }
}

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Leaves the worker a token and a Background Sync request, where the browser has them. */
async function askWorkerToSync(uid: string, token: () => Promise<string | null>): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync) return;
    const current = await token();
    if (current) await rememberSession(uid, current);
    await registration.sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // No token offline, or no Background Sync: the page sends the entries when it next can.
  }
}
