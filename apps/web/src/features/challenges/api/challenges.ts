import { t } from '@lingui/core/macro';
import { type CreateChallengeBody, challengesCalls, type GroupChallenges, groupsCalls } from '@pushup/shared';
import {
  hashKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';

/**
 * The calls of docs/product.md, "Group challenges, cheers and the feed". Every read's key starts with
 * ['challenges', uid], so that a challenge or cheer changed refetches them all.
 */
const ownKey = (uid: string) => ['challenges', uid] as const;

/** Asked by several parts at once (a page and its sections): one answer serves them for a moment. */
const JUST_ANSWERED_MS = 2_000;

function challengeQuery<Answer>(
  uid: string,
  key: readonly string[],
  failure: string,
  call: (signal: AbortSignal) => Promise<Answer>,
) {
  return queryOptions({
    queryKey: [...ownKey(uid), ...key],
    queryFn: ({ signal }) => withFallbackMessage(failure, () => call(signal)),
    staleTime: JUST_ANSWERED_MS,
  });
}

export function useGroupChallenges(groupId: string) {
  const user = useCurrentUser();
  return useQuery(
    challengeQuery(user.uid, groupListKey(groupId), t`Could not load the challenges.`, (signal) =>
      callApi(challengesCalls.list, { params: { id: groupId }, signal }),
    ),
  );
}

const pageKey = (groupId: string, challengeId: string) => ['challenge', groupId, challengeId];
const groupListKey = (groupId: string) => ['group', groupId];

export function useChallengePage(groupId: string, challengeId: string) {
  const user = useCurrentUser();
  return useQuery(
    challengeQuery(user.uid, pageKey(groupId, challengeId), t`Could not load the challenge.`, (signal) =>
      callApi(challengesCalls.page, { params: { id: groupId, challengeId }, signal }),
    ),
  );
}

/**
 * The caller's role in the group, which decides whether they may delete any of its challenges (an
 * admin) or only their own before it starts. From the caller's groups, as the group's home has it.
 */
export function useGroupRole(groupId: string) {
  const user = useCurrentUser();
  return useQuery({
    ...challengeQuery(user.uid, ['groups'], t`Could not load your groups.`, (signal) =>
      callApi(groupsCalls.listMine, { signal }),
    ),
    select: (groups) => groups.find((group) => group.id === groupId)?.role ?? null,
  });
}

export function useRunningChallenges() {
  const user = useCurrentUser();
  return useQuery(
    challengeQuery(user.uid, ['running'], t`Could not load your challenges.`, (signal) =>
      callApi(challengesCalls.running, { signal }),
    ),
  );
}

export function useCheersReceived() {
  const user = useCurrentUser();
  return useQuery(
    queryOptions({
      queryKey: [...ownKey(user.uid), 'cheers'],
      queryFn: ({ signal }) =>
        withFallbackMessage(t`Could not load your cheers.`, () =>
          callApi(challengesCalls.cheers, { signal }),
        ),
    }),
  );
}

/** The group's feed, a page at a time: 'Load more' asks for the page after the last one's cursor. */
export function useGroupFeed(groupId: string) {
  const user = useCurrentUser();
  return useInfiniteQuery({
    queryKey: [...ownKey(user.uid), 'feed', groupId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      withFallbackMessage(t`Could not load the group’s feed.`, () =>
        callApi(challengesCalls.feed, {
          params: { id: groupId },
          query: { cursor: pageParam, limit: 20 },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** After a challenge or cheer changes: every challenge read. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return () => queryClient.invalidateQueries({ queryKey: ownKey(user.uid) });
}

export function useCreateChallenge(groupId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateChallengeBody) =>
      withFallbackMessage(t`Could not create the challenge.`, () =>
        callApi(challengesCalls.create, { params: { id: groupId }, body }),
      ),
    onSuccess: refresh,
  });
}

/**
 * Deletes a challenge (docs/product.md: admins at any time, its creator before the start). The
 * group's list drops it at once, so the group's home the caller returns to never shows it again; the
 * deleted page is only marked stale (asked again it answers 'Challenge not found'), everything else
 * is asked again.
 */
export function useDeleteChallenge(groupId: string, challengeId: string) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: () =>
      withFallbackMessage(t`Could not delete the challenge.`, () =>
        callApi(challengesCalls.remove, { params: { id: groupId, challengeId } }),
      ),
    onSuccess: () => {
      const gone = (list: GroupChallenges['running']) => list.filter((c) => c.id !== challengeId);
      queryClient.setQueryData<GroupChallenges>(
        [...ownKey(user.uid), ...groupListKey(groupId)],
        (lists) =>
          lists && {
            ...lists,
            running: gone(lists.running),
            upcoming: gone(lists.upcoming),
            finished: gone(lists.finished),
          },
      );
      const page = [...ownKey(user.uid), ...pageKey(groupId, challengeId)];
      void queryClient.invalidateQueries({ queryKey: page, exact: true, refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: ownKey(user.uid),
        predicate: (query) => query.queryHash !== hashKey(page),
      });
    },
  });
}

export function useParticipation(groupId: string, challengeId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (join: boolean) =>
      withFallbackMessage(join ? t`Could not join the challenge.` : t`Could not leave the challenge.`, () =>
        callApi(join ? challengesCalls.join : challengesCalls.leave, {
          params: { id: groupId, challengeId },
        }),
      ),
    onSettled: refresh,
  });
}

export function useCheer(groupId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ userId, day, cheer }: { userId: string; day: string; cheer: boolean }) =>
      withFallbackMessage(cheer ? t`Could not cheer.` : t`Could not take the cheer back.`, () =>
        callApi(cheer ? challengesCalls.cheer : challengesCalls.uncheer, {
          params: { id: groupId, userId, day },
        }),
      ),
    onSettled: refresh,
  });
}

/** Admins: whether the group's members may create challenges. */
export function useChallengeSettings(groupId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (membersMayCreateChallenges: boolean) =>
      withFallbackMessage(t`Could not save the setting.`, () =>
        callApi(challengesCalls.settings, { params: { id: groupId }, body: { membersMayCreateChallenges } }),
      ),
    onSettled: refresh,
  });
}

/** Whether a cheer pushes to the caller's devices (off by default). */
export function useCheerPushSetting() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (pushOnCheer: boolean) =>
      withFallbackMessage(t`Could not save the setting.`, () =>
        callApi(challengesCalls.cheerSettings, { body: { pushOnCheer } }),
      ),
    onSettled: refresh,
  });
}
