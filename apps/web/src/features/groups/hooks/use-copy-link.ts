import { type RefObject, useCallback } from 'react';
import toast from 'react-hot-toast';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';

/**
 * Copies a link with the Clipboard API and says so in a toast, in the words given per copy (Copy's,
 * or those of a link copied as soon as it was made). Without the API (an insecure origin, an old
 * browser) or when it refuses, the link's read-only field gets the focus with its text selected, so
 * the user can copy it with the keyboard.
 */
export function useCopyLink(field: RefObject<HTMLInputElement | null>) {
  return useCallback(
    async (link: string, copiedMessage: string) => {
      const selectField = () => {
        field.current?.focus();
        field.current?.select();
        toast(GROUP_TEXTS.linkSelected, { id: 'link-selected' });
      };
      if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
        selectField();
        return;
      }
      try {
        await navigator.clipboard.writeText(link);
        toast.success(copiedMessage);
      } catch {
        selectField();
      }
    },
    [field],
  );
}
