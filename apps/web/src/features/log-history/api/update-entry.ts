import { type PushupEntry, pushupsCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, callApi, failureMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { editOutboxEntry } from '@/lib/offline/outbox';
import { syncOutbox } from '@/lib/offline/sync';
import { refreshPushupData } from '@/lib/pushup-queries';
import { entriesQueryOptions } from './entries-of-day';

export interface UpdateEntryVariables {
  uuid: string;
  count: number;
  /** The entry's own date, sent unchanged (docs/product.md, "Calls"); the server takes its day in the editor's zone. */
  date: string;
  /** Still on this device (waiting or refused): changed there and sent again (docs/product.md, "Offline"). */
  local?: boolean;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * PATCH /api/pushups/{uuid} {count, date} for an entry of `day`, with the entry's own date, so it
 * keeps its time (and its day, in the zone it was logged in). The day's list shows the new count at once, then every push-up query refreshes.
 * The toasts live here (not in the caller) so they appear even if the page was left meanwhile.
 */
export function useUpdateEntry(day: string) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { queryKey } = entriesQueryOptions(user.uid, day, day);
  return useMutation({
    mutationFn: async ({ uuid, count, date, local }: UpdateEntryVariables): Promise<boolean> => {
      if (!local) {
        await callApi(pushupsCalls.update, { params: { uuid }, body: { count, date } });
        return false;
      }
      if (!(await editOutboxEntry(user.uid, uuid, { count }))) {
        throw new ApiError(404, 'NOT_FOUND', sharedMessage('pushupEntryNotFound'));
      }
      void syncOutbox(user.uid, () => user.getIdToken().catch(() => null));
      return true;
    },
    onSuccess: (local, { uuid, count }) => {
      toast.success(sharedMessage('pushupCountUpdated'));
      if (local) return;
      queryClient.setQueryData<PushupEntry[]>(queryKey, (entries) =>
        entries?.map((entry) => (entry.uuid === uuid ? { ...entry, count } : entry)),
      );
      void refreshPushupData(queryClient, user.uid);
    },
    onError: (error) => {
      if (isNotFound(error)) {
        // Gone meanwhile (deleted in another tab): say so and let the list drop it.
        toast.error(sharedMessage('pushupEntryNotFound'));
        void refreshPushupData(queryClient, user.uid);
      } else {
        toast.error(failureMessage(sharedMessage('failedToUpdatePushupCount'), error));
      }
    },
  });
}
