import { t } from '@lingui/core/macro';
import { localDay, type PushupEntry, pushupsCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { formatEntryTime } from '@/features/log-history/log-history-format';
import { callApi, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { formatDay } from '@/lib/format-day';
import { localizeDailyLimit, sharedMessage } from '@/lib/i18n/catalog';
import { refreshPushupData } from '@/lib/pushup-queries';
import { entriesQueryOptions } from './entries-of-day';
import { isNotFound } from './update-entry';

export interface MoveEntryVariables {
  uuid: string;
  /** The entry's count, sent unchanged. */
  count: number;
  /** The new instant (ISO); the server takes its day in the caller's zone and checks it. */
  date: string;
}

/**
 * The text a refused move shows in its dialog: the server's own reason for a refusal that is the
 * user's to fix (a future day, a day before 2025-01-01, the daily limit), in the active language;
 * otherwise the spec's 'Failed to update pushup count'.
 */
export function moveFailureText(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.serverMessage) {
    return localizeDailyLimit(error.serverMessage) ?? error.message;
  }
  return sharedMessage('failedToUpdatePushupCount');
}

/**
 * PATCH /api/pushups/{uuid} {count, date} with a new instant: the entry moves to another time,
 * or to another day (docs/product.md, "Calls"). On success it leaves the list of `day` at once
 * when its day changed, then every push-up query refreshes: both days' totals on the calendar and
 * in the recent entries. A refusal is for the caller to show beside what the user chose.
 */
export function useMoveEntry(day: string) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { queryKey } = entriesQueryOptions(user.uid, day, day);
  return useMutation({
    mutationFn: ({ uuid, count, date }: MoveEntryVariables) =>
      callApi(pushupsCalls.update, { params: { uuid }, body: { count, date } }),
    onSuccess: (moved) => {
      const when = `${formatDay(localDay(new Date(moved.date)), 'short')}, ${formatEntryTime(moved.date)}`;
      toast.success(t`Entry moved to ${when}`);
      queryClient.setQueryData<PushupEntry[]>(queryKey, (entries) =>
        moved.day === day
          ? entries?.map((entry) => (entry.uuid === moved.uuid ? moved : entry))
          : entries?.filter((entry) => entry.uuid !== moved.uuid),
      );
      void refreshPushupData(queryClient, user.uid);
    },
    onError: (error, { uuid }) => {
      if (!isNotFound(error)) return;
      // Gone meanwhile (deleted on another device): say so and let the list drop it.
      queryClient.setQueryData<PushupEntry[]>(queryKey, (entries) =>
        entries?.filter((entry) => entry.uuid !== uuid),
      );
      toast.error(sharedMessage('pushupEntryNotFound'));
      void refreshPushupData(queryClient, user.uid);
    },
  });
}
