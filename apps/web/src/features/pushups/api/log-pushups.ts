import {
  BACKDATED_ENTRY_HOUR,
  type CreatePushupBody,
  localDate,
  localDay,
  type PushupEntry,
  pushupsCalls,
} from '@pushup/shared';
import { callApi, isApiError } from '@/lib/api-client';
import { addToOutbox, removeFromOutbox } from '@/lib/offline/outbox';
import { syncOutbox } from '@/lib/offline/sync';

/** POST /api/pushups {count, date}. */
function logPushups(body: CreatePushupBody): Promise<PushupEntry> {
  return callApi(pushupsCalls.log, { body });
}

/**
 * The instant stored for an entry logged for `day` (the user's local calendar): now when it is
 * today, else 12:00 local time on that day (docs/product.md, "Validation").
 */
export function entryInstant(day: string, now: Date = new Date()): string {
  if (day === localDay(now)) return now.toISOString();
  return localDate(day, BACKDATED_ENTRY_HOUR).toISOString();
}

/**
 * 'sent': the server has it. 'waiting': stored on this device, sent when the server can be reached.
 * `uuid` names the entry, for an Undo.
 */
export interface SubmitResult {
  state: 'sent' | 'waiting';
  uuid: string;
}

/**
 * 'Submit Pushups' (docs/product.md, "Offline"): the entry is stored on the device first, then the
 * outbox is sent, oldest first. A refusal (the daily limit, say) throws the server's error and
 * removes the entry: the user is looking at the form and still has the count to change.
 */
export async function submitPushups(
  uid: string,
  token: () => Promise<string | null>,
  { count, day }: { count: number; day: string },
): Promise<SubmitResult> {
  const date = entryInstant(day);
  let uuid: string;
  try {
    ({ uuid } = await addToOutbox(uid, { count, date, day }));
  } catch {
    // No IndexedDB on this browser (some private modes): straight to the server, as before.
    return { state: 'sent', uuid: (await logPushups({ count, date })).uuid };
  }
  const outcome = (await syncOutbox(uid, token)).get(uuid);
  if (outcome?.kind === 'sent') return { state: 'sent', uuid };
  if (outcome?.kind === 'refused') {
    await removeFromOutbox(uid, uuid);
    throw outcome.error;
  }
  return { state: 'waiting', uuid };
}

/**
 * Undo of a submit: the entry goes from the device, or from the server when it was sent
 * (one the server may be receiving right now stays on the device as a deletion to send). An entry
 * that is already gone counts as undone.
 */
export async function undoPushups(
  uid: string,
  token: () => Promise<string | null>,
  uuid: string,
): Promise<void> {
  let onDevice = false;
  try {
    onDevice = await removeFromOutbox(uid, uuid);
  } catch {
    // No IndexedDB: the entry went straight to the server.
  }
  if (onDevice) {
    void syncOutbox(uid, token);
    return;
  }
  try {
    await callApi(pushupsCalls.remove, { params: { uuid } });
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
}
