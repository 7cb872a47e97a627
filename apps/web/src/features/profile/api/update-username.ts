import { type UpdateProfileBody, type UserProfile, usersCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { storeWrittenProfile } from '@/lib/profile';

/** PUT /api/users/profile {username}. */
export function updateUsername(body: UpdateProfileBody): Promise<UserProfile> {
  return callApi(usersCalls.updateProfile, { body });
}

export function useUpdateUsername() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => updateUsername({ username: username.trim() }),
    onSuccess: (profile) => storeWrittenProfile(queryClient, user.uid, profile),
  });
}
