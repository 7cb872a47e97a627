import { habitsCalls, MESSAGES } from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { groupQueryOptions } from './group-keys';

/** GET /api/groups/{id}/achievements: each member's latest achievements (members only). */
export function groupAchievementsQueryOptions(uid: string, groupId: string) {
  return groupQueryOptions(uid, ['achievements', groupId], MESSAGES.failedToLoadGroupData, (signal) =>
    callApi(habitsCalls.groupAchievements, { params: { id: groupId }, signal }),
  );
}
