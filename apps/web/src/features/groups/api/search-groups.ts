import { groupsCalls, MESSAGES } from '@pushup/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '../../../lib/api-client';
import { groupsKey } from './group-keys';

export function groupSearchQueryOptions(uid: string, text: string) {
  return queryOptions({
    queryKey: [...groupsKey(uid), 'search', text] as const,
    queryFn: ({ signal }) =>
      withFallbackMessage(MESSAGES.failedToSearchGroups, () =>
        callApi(groupsCalls.search, { query: { q: text }, signal }),
      ),
  });
}
