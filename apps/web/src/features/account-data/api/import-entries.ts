import { accountDataCalls, type ImportResult } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { refreshPushupData } from '@/lib/pushup-queries';

/** The largest file takes a second or two on the server; a slow upload more (docs/product.md, "Import"). */
const IMPORT_TIMEOUT_MS = 60_000;

/** POST /api/pushups/import/preview: what the file would add, skip and refuse; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string): Promise<ImportResult> =>
      callApi(accountDataCalls.importPreview, { body: { csv }, timeoutMs: IMPORT_TIMEOUT_MS }),
  });
}

/**
 * POST /api/pushups/import with the preview's count: the server refuses (409) if the outcome would
 * differ. Afterwards every push-up query, the achievements and the leaderboard are asked again.
 */
export function useCommitImport() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, expectedEntries }: { csv: string; expectedEntries: number }) =>
      callApi(accountDataCalls.importCommit, {
        body: { csv, expectedEntries },
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    onSuccess: () => refreshPushupData(queryClient, user.uid),
  });
}
