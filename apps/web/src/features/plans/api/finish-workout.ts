import { localDay, type PushupEntry, plansCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { addToOutbox } from '@/lib/offline/outbox';
import { syncOutbox } from '@/lib/offline/sync';

/**
 * 'Finish' of a guided workout (docs/product.md, "Training plans: screens"): the workout is kept on
 * the device first, as an entry of its total with its sets, then the outbox is sent, so a workout
 * done offline counts at once and reaches the server once (POST /api/workouts under the entry's
 * uuid). 'sent': the server has it; 'waiting': on the device, sent when the server can be reached;
 * 'refused': the server's reason, the workout still on the device for Log History to show.
 */
export type FinishResult =
  | { state: 'sent'; uuid: string; entry: PushupEntry | null }
  | { state: 'waiting'; uuid: string }
  | { state: 'refused'; uuid: string; error: Error };

export async function finishWorkout(
  uid: string,
  token: () => Promise<string | null>,
  { session, sets }: { session: number; sets: number[] },
  now: Date = new Date(),
): Promise<FinishResult> {
  const count = sets.reduce((sum, reps) => sum + reps, 0);
  const date = now.toISOString();
  let uuid: string;
  try {
    ({ uuid } = await addToOutbox(uid, { count, date, day: localDay(now), workout: { session, sets } }));
  } catch {
    // No IndexedDB on this browser (some private modes): straight to the server.
    const body = { id: crypto.randomUUID(), session, sets, date };
    const { entry } = await callApi(plansCalls.finishWorkout, { body });
    return { state: 'sent', uuid: entry.uuid, entry };
  }
  const outcome = (await syncOutbox(uid, token)).get(uuid);
  if (outcome?.kind === 'sent') return { state: 'sent', uuid, entry: outcome.entry };
  if (outcome?.kind === 'refused') return { state: 'refused', uuid, error: outcome.error };
  return { state: 'waiting', uuid };
}
