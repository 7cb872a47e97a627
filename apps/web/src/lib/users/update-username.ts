import type { UpdateProfileBody, UserProfile } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { useCurrentUser } from '../auth';
import { storeWrittenProfile } from './get-profile';

/** PUT /api/users/profile {username}. */
export function updateUsername(body: UpdateProfileBody): Promise<UserProfile> {
  return api.put<UserProfile>('/api/users/profile', body);
}

export function useUpdateUsername() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => updateUsername({ username: username.trim() }),
    onSuccess: (profile) => storeWrittenProfile(queryClient, user.uid, profile),
  });
}
