import {
  BACKDATED_ENTRY_HOUR,
  type CreatePushupBody,
  localDate,
  localDay,
  type PushupEntry,
  pushupsCalls,
} from '@pushup/shared';
import { callApi } from '../../../lib/api-client';

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
