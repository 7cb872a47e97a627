import { CACHE_TTL_MS, type UserProfile, usersCalls } from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useCurrentUser } from './auth';
import { sharedMessage } from './i18n/catalog';
import { SESSION_CACHED } from './session-snapshot';

export const profileQueryKey = (uid: string) => ['profile', uid] as const;

/** GET /api/users/profile, fresh for 60 s, also across a reload (docs/product.md, "Caching and refresh"). */
function profileQueryOptions(uid: string) {
  return queryOptions({
    queryKey: profileQueryKey(uid),
    queryFn: ({ signal }) =>
      callApi(usersCalls.getProfile, { signal, notFoundMessage: sharedMessage('userNotRegistered') }),
    staleTime: CACHE_TTL_MS,
    meta: SESSION_CACHED,
  });
}

export function useProfile() {
  const user = useCurrentUser();
  return useQuery(profileQueryOptions(user.uid));
}

/** After a profile write: show the server's answer, or ask again when the write returned none. */
export function storeWrittenProfile(queryClient: QueryClient, uid: string, profile: UserProfile | undefined) {
  if (profile && typeof profile === 'object' && 'uuid' in profile) {
    queryClient.setQueryData(profileQueryKey(uid), profile);
  } else {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
  }
}

/** True when the user has no profile yet (the server returns 404). */
export function hasSetUsername(profile: UserProfile | undefined): boolean {
  return Boolean(profile?.username);
}
