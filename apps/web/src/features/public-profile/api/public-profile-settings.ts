import { type PublicProfileSettings, publicProfileCalls } from '@pushup/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fetchPublicProfile } from '@/features/public-profile/api/public-profile';
import { publicProfileTexts } from '@/features/public-profile/public-profile-texts';
import { callApi, failureMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';

/** Every key of the feature starts here, so a saved choice refetches the preview too. */
const publicProfileKey = (uid: string) => ['public-profile', uid] as const;

function settingsOptions(uid: string) {
  return queryOptions({
    queryKey: [...publicProfileKey(uid), 'settings'] as const,
    queryFn: ({ signal }) => callApi(publicProfileCalls.settings, { signal }),
  });
}

/** GET /api/users/public-profile: off, no part chosen, until the user chooses. */
export function usePublicProfileSettings() {
  const user = useCurrentUser();
  return useQuery(settingsOptions(user.uid));
}

/** PUT /api/users/public-profile: the whole choice, saved at once (docs/product.md, "Public profile"). */
export function useSavePublicProfile() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicProfileSettings) => callApi(publicProfileCalls.updateSettings, { body }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsOptions(user.uid).queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: [...publicProfileKey(user.uid), 'preview'] });
    },
    onError: (error) => toast.error(failureMessage(publicProfileTexts().saveFailed, error)),
  });
}

/**
 * The preview: the public call itself, so it is exactly what others see. Asked only while the
 * profile is on (off, others see the not-found page).
 */
export function usePublicProfilePreview(username: string, enabled: boolean) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...publicProfileKey(user.uid), 'preview', username] as const,
    queryFn: ({ signal }) => fetchPublicProfile(username, signal),
    enabled,
  });
}
