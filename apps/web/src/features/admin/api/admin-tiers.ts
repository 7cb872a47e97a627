import { t } from '@lingui/core/macro';
import { type AnswerOf, adminInstanceCalls } from '@pushup/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { adminQuery, useRefreshAdmin } from './admin-query';

/** A named tier with its limits, how many accounts have it, and whether new accounts get it. */
export type NamedTier = AnswerOf<typeof adminInstanceCalls.tiers>[number];
export type TierFields = { name: string; maxGroups: number; maxMembersPerGroup: number };

export function useTiers() {
  const user = useCurrentUser();
  return useQuery(
    adminQuery(user.uid, ['tiers'], t`Could not load the tiers.`, (signal) =>
      callApi(adminInstanceCalls.tiers, { signal }),
    ),
  );
}

/** Creates a tier (no `id`) or changes one. */
export function useSaveTier() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: TierFields }) =>
      id === null
        ? withFallbackMessage(t`Could not create the tier.`, () =>
            callApi(adminInstanceCalls.createTier, { body: fields }),
          )
        : withFallbackMessage(t`Could not save the tier.`, () =>
            callApi(adminInstanceCalls.editTier, { params: { id }, body: fields }),
          ),
    onSettled: refresh,
  });
}
