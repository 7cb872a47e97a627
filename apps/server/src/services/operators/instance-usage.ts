import { addDays, type InstanceUsage, USAGE_CHART_DAYS } from '@pushup/shared';
import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';

const DAY_MS = 86_400_000;

/**
 * The operators' usage numbers (decision 038): accounts, how many logged an entry in the last 24
 * hours, 7 and 30 days (by the entries' instants), entries per UTC day over the chart's days, the
 * database's size, the daily reminders sent in the last 24 hours, and the devices subscribed. Each
 * is one count or one range of an index; nothing is cached.
 */
export async function instanceUsage(
  _operator: OperatorContext,
  repos: Pick<Repositories, 'instance'>,
  now = Date.now(),
): Promise<InstanceUsage> {
  const at = new Date(now).toISOString();
  const since = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const today = at.slice(0, 10);
  const firstDay = addDays(today, 1 - USAGE_CHART_DAYS);
  const days = Array.from({ length: USAGE_CHART_DAYS }, (_, i) => addDays(firstDay, i));
  const { instance } = repos;
  const [total, active, perDay, databaseBytes, sentLastDay, failedLastDay, devices] = await Promise.all([
    instance.countUsers(),
    instance.activeUsersSince(since(1), since(7), since(30)),
    instance.entriesPerDay(days),
    instance.databaseBytes(),
    instance.remindersSentSince(since(1)),
    instance.pushesFailedSince(since(1)),
    instance.countDevices(),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const entriesPerDay = days.map((day) => {
    const row = byDay.get(day);
    return { day, entries: row?.entries ?? 0, pushups: row?.pushups ?? 0 };
  });
  return {
    at,
    users: { total, active1d: active.day, active7d: active.week, active30d: active.month },
    entriesPerDay,
    databaseBytes,
    reminders: { sentLastDay, failedLastDay },
    devices,
  };
}
