import { DELETE_ANIMATION_MS, type PushupEntry, pushupsCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { removeFromOutbox } from '@/lib/offline/outbox';
import { syncOutbox } from '@/lib/offline/sync';
import { refreshPushupData } from '@/lib/pushup-queries';
import { entriesQueryOptions } from './entries-of-day';
import { isNotFound } from './update-entry';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * DELETE /api/pushups/{uuid} for an entry of `day`, made DELETE_ANIMATION_MS after the user
 * confirmed, so the entry can fade out first (docs/product.md, "States and transitions"). While the mutation is pending the
 * entry stays faded; on failure it fades back. On success the entry leaves the day's list at once,
 * then every push-up query refreshes. A 404 means the entry is already gone: it is dropped too.
 */
export function useDeleteEntry(day: string) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { queryKey } = entriesQueryOptions(user.uid, day, day);
  const drop = (uuid: string) =>
    queryClient.setQueryData<PushupEntry[]>(queryKey, (entries) =>
      entries?.filter((entry) => entry.uuid !== uuid),
    );
  return useMutation({
    mutationFn: async ({ uuid, local }: { uuid: string; local: boolean }) => {
      await wait(DELETE_ANIMATION_MS);
      if (!local) {
        await callApi(pushupsCalls.remove, { params: { uuid } });
        return;
      }
      // Still on this device: removed there; the server is told if it may have the entry.
      if (!(await removeFromOutbox(user.uid, uuid))) {
        throw new ApiError(404, 'NOT_FOUND', sharedMessage('pushupEntryNotFound'));
      }
      void syncOutbox(user.uid, () => user.getIdToken().catch(() => null));
    },
    onSuccess: (_result, { uuid }) => {
      drop(uuid);
      toast.success(sharedMessage('pushupEntryDeleted'));
      void refreshPushupData(queryClient, user.uid);
    },
    onError: (error, { uuid }) => {
      if (isNotFound(error)) {
        drop(uuid);
        toast.error(sharedMessage('pushupEntryNotFound'));
        void refreshPushupData(queryClient, user.uid);
      } else {
        toast.error(sharedMessage('failedToDeletePushupEntry'));
      }
    },
  });
}
