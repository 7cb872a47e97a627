import { habitsCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

/** GET /api/groups/{id}/achievements: each member's latest achievements (members only). */
export function groupAchievementsQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['achievements', groupId], sharedMessage('failedToLoadGroupData'), (signal) =>
    callApi(habitsCalls.groupAchievements, { params: { id: groupId }, signal }),
  );
}
