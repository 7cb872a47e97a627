import {
  BACKDATED_ENTRY_HOUR,
  type CreatePushupBody,
  localDate,
  localDay,
  type PushupEntry,
  pushupsCalls,
} from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { addToOutbox, removeFromOutbox } from '../../../lib/offline/outbox';
import { syncOutbox } from '../../../lib/offline/sync';

/** POST /api/pushups {count, date}. */
export function logPushups(body: CreatePushupBody): Promise<PushupEntry> {
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

/** 'sent': the server has it. 'waiting': kept on this device, sent when the server can be reached. */
export type SubmitResult = 'sent' | 'waiting';

/**
 * 'Submit Pushups' (docs/product.md, "Offline"): the entry is kept on the device first, then the
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
    await logPushups({ count, date });
    return 'sent';
  }
  const outcome = (await syncOutbox(uid, token)).get(uuid);
  if (outcome?.kind === 'sent') return 'sent';
  if (outcome?.kind === 'refused') {
    await removeFromOutbox(uid, uuid);
    throw outcome.error;
  }
  return 'waiting';
}
