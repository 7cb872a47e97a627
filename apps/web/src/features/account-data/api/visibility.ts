import { habitsCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { accountDataTexts } from '@/features/account-data/account-data-texts';
import { callApi, failureMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { refreshPushupData } from '@/lib/pushup-queries';
import { settingsQueryOptions } from '@/lib/user-settings';

/**
 * PATCH /api/users/settings {showOnLeaderboard} (docs/product.md, "Leaderboard visibility"); the
 * cached leaderboard is dropped, so the user's row shows the choice at once.
 */
export function useLeaderboardVisibility() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showOnLeaderboard: boolean) =>
      callApi(habitsCalls.updateSettings, { body: { showOnLeaderboard } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions(user.uid).queryKey, settings);
      void refreshPushupData(queryClient, user.uid);
      toast.success(accountDataTexts().visibilitySaved(settings.showOnLeaderboard));
    },
    onError: (error) => toast.error(failureMessage(accountDataTexts().visibilityFailed, error)),
  });
}
