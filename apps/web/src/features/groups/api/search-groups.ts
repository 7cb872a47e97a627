import { groupsCalls, MESSAGES } from '@pushup/shared';
import { callApi } from '../../../lib/api-client';
import { groupQueryOptions } from './group-keys';

export function groupSearchQueryOptions(uid: string, text: string) {
  return groupQueryOptions(uid, ['search', text], MESSAGES.failedToSearchGroups, (signal) =>
    callApi(groupsCalls.search, { query: { q: text }, signal }),
  );
}
