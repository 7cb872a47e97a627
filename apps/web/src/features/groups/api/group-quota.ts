import { FALLBACK_TIER, type GroupQuota, groupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { groupsKey } from './group-keys';

/** docs/product.md, "Limits": the quota assumed before it loads, and when it cannot be loaded. */
const QUOTA_BEFORE_LOAD: GroupQuota = { maxGroups: 5, remainingGroups: 0 };
const QUOTA_FALLBACK: GroupQuota = { maxGroups: FALLBACK_TIER.maxGroups, remainingGroups: 0 };

function groupQuotaQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'quota'] as const,
    queryFn: ({ signal }) => callApi(groupsCalls.quota, { signal }),
  });
}

/** The quota with the spec's defaults: before it loads, and when it failed. */
export function useGroupQuota() {
  const user = useCurrentUser();
  const query = useQuery(groupQuotaQueryOptions(user.uid));
  const quota = query.data ?? (query.isError ? QUOTA_FALLBACK : QUOTA_BEFORE_LOAD);
  return { ...query, quota };
}
