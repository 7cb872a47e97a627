import { type UpdateGoalBody, type UserProfile, usersCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { storeWrittenProfile } from '@/lib/profile';

/** PATCH /api/users/profile-update with only the goal fields that changed. */
function updateGoal(body: UpdateGoalBody): Promise<UserProfile> {
  return callApi(usersCalls.updateGoal, { body });
}

export function useUpdateGoal() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoal,
    onSuccess: (profile) => storeWrittenProfile(queryClient, user.uid, profile),
  });
}
