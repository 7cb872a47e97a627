import { EARLIEST_DAY, localDay, pushupsCalls } from '@pushup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { cached, GROUP_CACHE_PREFIX } from '@/lib/session-cache';
import { groupsKey } from './group-keys';

/** sessionStorage key prefix of the members' push-ups (cached 60 s; cleared on page load). */
const MEMBER_PUSHUPS_CACHE = `${GROUP_CACHE_PREFIX}pushups:`;

/** Every member's day sums since 2025-01-01 (the chart overlays), cached 60 s (docs/product.md, "Calls"). */
export function memberPushupsQueryOptions(uid: string, groupId: string, today: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'member-pushups', groupId, today] as const,
    queryFn: ({ signal }) =>
      cached(`${MEMBER_PUSHUPS_CACHE}${uid}:${groupId}:${today}`, () =>
        withFallbackMessage(sharedMessage('failedToFetchGroupMembers'), () =>
          callApi(pushupsCalls.groupMembers, {
            params: { groupId },
            query: { from: EARLIEST_DAY, to: today },
            signal,
          }),
        ),
      ),
  });
}

export function useMemberPushups(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({
    ...memberPushupsQueryOptions(user.uid, groupId ?? '', localDay(new Date())),
    enabled: groupId !== null,
  });
}
