import { groupsCalls } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

function groupStatsQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['stats', groupId], sharedMessage('failedToFetchGroupStats'), (signal) =>
    callApi(groupsCalls.stats, { params: { id: groupId }, signal }),
  );
}

export function useGroupStats(groupId: string | null) {
  const user = useCurrentUser();
  return useQuery({ ...groupStatsQueryOptions(user.uid, groupId ?? ''), enabled: groupId !== null });
}
