import { type AchievementId, habitsCalls } from '@pushup/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { achievementsKey } from '@/lib/pushup-queries';

/** GET /api/achievements: the catalogue with what the user earned and how far they are. */
function achievementsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: achievementsKey(uid),
    queryFn: ({ signal }) => callApi(habitsCalls.achievements, { signal }),
  });
}

export function useAchievements() {
  const user = useCurrentUser();
  return useQuery(achievementsQueryOptions(user.uid));
}

/** POST /api/achievements/seen once they were announced; the list is marked at once. */
export function useMarkAchievementsSeen() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { queryKey } = achievementsQueryOptions(user.uid);
  return useMutation({
    mutationFn: (ids: AchievementId[]) => callApi(habitsCalls.achievementsSeen, { body: { ids } }),
    onMutate: (ids) => {
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) => (ids.includes(item.id) ? { ...item, unseen: false } : item)),
      );
    },
  });
}
