import { accountDataCalls } from '@pushup/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { accountDataTexts } from '@/features/account-data/account-data-texts';
import { saveFile } from '@/features/account-data/save-file';
import { downloadCall, failureMessage } from '@/lib/api-client';

const DOWNLOADS = {
  all: { contract: accountDataCalls.exportJson, fallbackName: 'pushup-tracker-data.json' },
  entries: { contract: accountDataCalls.exportCsv, fallbackName: 'pushup-tracker-entries.csv' },
} as const;

export type DownloadKind = keyof typeof DOWNLOADS;

/** GET /api/users/me/export or GET /api/pushups/export, saved as the server names the file. */
export function useDownload() {
  return useMutation({
    mutationFn: async (kind: DownloadKind) => {
      const { contract, fallbackName } = DOWNLOADS[kind];
      return saveFile(await downloadCall(contract), fallbackName);
    },
    onSuccess: (fileName) => toast.success(accountDataTexts().downloaded(fileName)),
    onError: (error) => toast.error(failureMessage(accountDataTexts().downloadFailed, error)),
  });
}
