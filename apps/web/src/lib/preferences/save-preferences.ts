import { habitsCalls, type UserProfile } from '@pushup/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { profileQueryKey, storeWrittenProfile } from '@/lib/profile';
import type { Theme } from '@/lib/theme';

export type PreferencesChange = { language?: Locale; theme?: Theme };

/**
 * Keeps a choice in the profile (PATCH /api/users/settings), so the user's other devices follow it.
 * The profile held here changes first: the pages render anew with a new language, and the sync must
 * not find the old choice there and switch back.
 */
export async function savePreferences(
  queryClient: QueryClient,
  uid: string,
  change: PreferencesChange,
): Promise<void> {
  const profile = queryClient.getQueryData<UserProfile>(profileQueryKey(uid));
  if (profile) storeWrittenProfile(queryClient, uid, { ...profile, ...change });
  await callApi(habitsCalls.updateSettings, { body: change });
}
