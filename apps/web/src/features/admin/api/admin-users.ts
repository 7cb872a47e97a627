import { t } from '@lingui/core/macro';
import { adminUsersCalls } from '@pushup/shared';
import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { NOT_STORED_ON_DEVICE } from '@/lib/offline/query-persistence';
import { adminKey, useRefreshAdmin } from './admin-query';

/** GET /api/admin/users: the users whose name or email contains `search`, a page at a time. */
export function useAdminUsers(search: string) {
  const user = useCurrentUser();
  return useInfiniteQuery({
    queryKey: [...adminKey(user.uid), 'users', search],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      withFallbackMessage(t`Could not load the users.`, () =>
        callApi(adminUsersCalls.searchUsers, {
          query: { q: search || undefined, offset: pageParam },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextOffset ?? undefined,
    meta: NOT_STORED_ON_DEVICE,
    // The list stays while the next search's answer comes: typing does not blank it at each letter.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSetUserTier() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ uuid, tier }: { uuid: string; tier: { maxGroups: number; maxMembersPerGroup: number } }) =>
      withFallbackMessage(t`Could not change the tier.`, () =>
        callApi(adminUsersCalls.setUserTier, { params: { uuid }, body: tier }),
      ),
    onSettled: refresh,
  });
}

/** Disables (`disabled: true`) or enables the user's sign-in. */
export function useSetSignIn() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ uuid, disabled }: { uuid: string; disabled: boolean }) =>
      disabled
        ? withFallbackMessage(t`Could not disable the sign-in.`, () =>
            callApi(adminUsersCalls.disableUser, { params: { uuid } }),
          )
        : withFallbackMessage(t`Could not enable the sign-in.`, () =>
            callApi(adminUsersCalls.enableUser, { params: { uuid } }),
          ),
    onSettled: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ uuid, confirmUsername }: { uuid: string; confirmUsername: string }) =>
      withFallbackMessage(t`Could not delete the account.`, () =>
        callApi(adminUsersCalls.deleteUser, { params: { uuid }, body: { confirmUsername } }),
      ),
    onSettled: refresh,
  });
}
