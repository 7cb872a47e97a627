import type { DailyTotal, PushupEntry } from '@pushup/shared';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { errorText } from '@/lib/i18n/error-text';
import type { OutboxEntry } from './local-db';
import { listOutbox, subscribeOutbox } from './outbox';

const NO_ENTRIES: OutboxEntry[] = [];

/** Whether the browser says it is online (TanStack Query pauses its fetches when it is not). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/** The signed-in user's entries waiting on this device, kept current across tabs and the worker. */
export function useOutbox(): OutboxEntry[] {
  const { uid } = useCurrentUser();
  const [entries, setEntries] = useState<OutboxEntry[]>(NO_ENTRIES);
  useEffect(() => {
    let current = true;
    const load = () =>
      listOutbox(uid).then(
        (list) => current && setEntries(list.length === 0 ? NO_ENTRIES : list),
        () => current && setEntries(NO_ENTRIES),
      );
    void load();
    const unsubscribe = subscribeOutbox((message) => {
      if (message.uid === uid) void load();
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [uid]);
  return entries;
}

/** An entry of a day's list: from the server, or still on this device (waiting or refused). */
export interface DayEntry extends PushupEntry {
  sync?: 'waiting' | 'refused';
  /** Why the server refused it, in the active language. */
  refusal?: string;
}

function outboxDayEntry(entry: OutboxEntry): DayEntry {
  return {
    uuid: entry.uuid,
    count: entry.count,
    date: entry.date,
    day: entry.day,
    sync: entry.refusal ? 'refused' : 'waiting',
    // A plan's workout shows its sets while it waits too, unless its count was changed since.
    ...(entry.workout && entry.workout.sets.reduce((sum, reps) => sum + reps, 0) === entry.count
      ? { sets: entry.workout.sets }
      : {}),
    // The device stores the server's English; it is shown translated by its code.
    ...(entry.refusal ? { refusal: errorText(entry.refusal.code, entry.refusal.message) } : {}),
  };
}

/**
 * The server's entries with this device's: a waiting or refused entry stands in for the server's
 * copy of the same id (its change is newer), and one deleted here is left out.
 */
export function mergeEntries(server: readonly PushupEntry[], local: readonly OutboxEntry[]): DayEntry[] {
  const localIds = new Set(local.map((entry) => entry.uuid));
  return [
    ...server.filter((entry) => !localIds.has(entry.uuid)),
    ...local.filter((entry) => !entry.deleted).map(outboxDayEntry),
  ];
}

/** The entries still to be sent: neither deleted on the device nor refused by the server. */
function waitingEntries(local: readonly OutboxEntry[]): OutboxEntry[] {
  return local.filter((entry) => !entry.deleted && !entry.refusal);
}

/** The day sums with the entries waiting on this device added: 'N recorded' and the charts count them at once. */
export function withWaitingEntries(
  daily: readonly DailyTotal[],
  local: readonly OutboxEntry[],
): DailyTotal[] {
  const waiting = waitingEntries(local);
  if (waiting.length === 0) return daily as DailyTotal[];
  const byDay = new Map(daily.map((row) => [row.day, row.total]));
  for (const entry of waiting) byDay.set(entry.day, (byDay.get(entry.day) ?? 0) + entry.count);
  return [...byDay].map(([day, total]) => ({ day, total })).sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** The days of the signed-in user's entries waiting on this device (not refused or deleted), oldest first. */
export function useWaitingDays(): string[] {
  const entries = useOutbox();
  return useMemo(() => [...new Set(waitingEntries(entries).map((entry) => entry.day))].sort(), [entries]);
}

/** The waiting entries of the signed-in user, memoised for the components that count them. */
export function useWaitingCount(): { waiting: number; refused: number } {
  const entries = useOutbox();
  return useMemo(
    () => ({
      waiting: waitingEntries(entries).length,
      refused: entries.filter((entry) => !entry.deleted && entry.refusal).length,
    }),
    [entries],
  );
}
