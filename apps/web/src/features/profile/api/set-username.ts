import { type CreateUserBody, type UserProfile, usersCalls } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { storeWrittenProfile } from '@/lib/profile';
import { updateUsername } from './update-username';

/** POST /api/users {username, email}. */
function createUser(body: CreateUserBody): Promise<UserProfile> {
  return callApi(usersCalls.create, { body });
}

/**
 * First-time username: create the user; on 409 (the user exists) or 403, update the existing user
 * instead (docs/product.md, "States and transitions" and "Calls"). A taken username is reported as it is: updating cannot help.
 */
async function setUsername(username: string, email: string): Promise<UserProfile> {
  const trimmed = username.trim();
  try {
    return await createUser({ username: trimmed, email });
  } catch (error) {
    if (!isApiError(error) || (error.status !== 409 && error.status !== 403)) throw error;
    if (error.code === 'USERNAME_TAKEN') throw error;
    try {
      return await updateUsername({ username: trimmed });
    } catch (fallbackError) {
      // No user to update: the original error explains more.
      if (fallbackError instanceof ApiError && fallbackError.status === 404) throw error;
      throw fallbackError;
    }
  }
}

export function useSetUsername() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => setUsername(username, user.email ?? ''),
    onSuccess: (profile) => {
      storeWrittenProfile(queryClient, user.uid, profile);
      // The dashboard's other reads (records, streak, ...) were refused while the user did not exist:
      // asked again now, a new user's first dashboard shows no 'Failed to load data'.
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    },
  });
}
