import { groupsCalls } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

/**
 * The groups the caller could ask to join, largest first (`GET /api/groups/suggested`): what the
 * search shows before anything is typed. Under the group key, so a request sent from the list
 * refreshes it (the group leaves it).
 */
export function useSuggestedGroups() {
  const user = useCurrentUser();
  return useQuery(
    groupQueryOptions(user.uid, ['suggested'], sharedMessage('failedToSearchGroups'), (signal) =>
      callApi(groupsCalls.suggested, { signal }),
    ),
  );
}
