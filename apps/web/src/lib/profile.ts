import { CACHE_TTL_MS, type UserProfile, usersCalls } from '@pushup/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useCurrentUser } from './auth';
import { sharedMessage } from './i18n/catalog';
import { getCached, removeCached, setCached } from './session-cache';

/** GET /api/users/profile, cached 60 s in sessionStorage (docs/product.md, "Calls"). */

export const profileQueryKey = (uid: string) => ['profile', uid] as const;
const cacheKey = (uid: string) => `profile:${uid}`;

export async function getProfile(uid: string, signal?: AbortSignal): Promise<UserProfile> {
  const hit = getCached<UserProfile>(cacheKey(uid));
  if (hit) return hit;
  const profile = await callApi(usersCalls.getProfile, {
    signal,
    notFoundMessage: sharedMessage('userNotRegistered'),
  });
  setCached(cacheKey(uid), profile);
  return profile;
}

export function profileQueryOptions(uid: string) {
  return queryOptions({
    queryKey: profileQueryKey(uid),
    queryFn: ({ signal }) => getProfile(uid, signal),
    staleTime: CACHE_TTL_MS,
  });
}

export function useProfile() {
  const user = useCurrentUser();
  return useQuery(profileQueryOptions(user.uid));
}

/** After a profile write: drop the cached copy and show the server's answer. */
export function storeWrittenProfile(queryClient: QueryClient, uid: string, profile: UserProfile | undefined) {
  removeCached(cacheKey(uid));
  if (profile && typeof profile === 'object' && 'uuid' in profile) {
    queryClient.setQueryData(profileQueryKey(uid), profile);
  } else {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
  }
}

/** True when the user has no profile yet (the server answers 404). */
export function hasSetUsername(profile: UserProfile | undefined): boolean {
  return Boolean(profile?.username);
}
