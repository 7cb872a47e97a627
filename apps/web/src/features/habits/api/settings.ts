import { habitsCalls, type UpdateSettingsBody } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { HABIT_TEXTS } from '@/features/habits/habit-texts';
import { callApi, failureMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';
import { settingsQueryOptions } from '@/lib/user-settings';

/** PATCH /api/users/settings; rest days change the streak, so it is asked again. */
export function useUpdateSettings() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => callApi(habitsCalls.updateSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions(user.uid).queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: [...pushupsKey(user.uid), 'streak'] });
      toast.success(HABIT_TEXTS.settingsSaved());
    },
    onError: (error) => toast.error(failureMessage(HABIT_TEXTS.settingsFailed(), error)),
  });
}
