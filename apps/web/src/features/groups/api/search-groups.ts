import { groupsCalls } from '@pushup/shared';
import { callApi } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { groupQueryOptions } from './group-keys';

export function groupSearchQueryOptions(uid: string, text: string) {
  return groupQueryOptions(uid, ['search', text], sharedMessage('failedToSearchGroups'), (signal) =>
    callApi(groupsCalls.search, { query: { q: text }, signal }),
  );
}
