import {
  localDay,
  type PlacementTestBody,
  type PlanActionBody,
  type PlanState,
  plansCalls,
  type StartPlanBody,
} from '@pushup/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { pushupsKey } from '@/lib/pushup-queries';

/**
 * The caller's plan (docs/product.md, "Training plans"). Its queries sit under the push-up prefix:
 * a workout is a push-up entry, so every push-up change (a workout synced from the outbox
 * included) asks again where the plan stands.
 */
const planKey = (uid: string) => [...pushupsKey(uid), 'plan'] as const;
const testsKey = (uid: string) => [...pushupsKey(uid), 'plan-tests'] as const;

function planQueryOptions(uid: string, today: string) {
  return queryOptions({
    queryKey: [...planKey(uid), today] as const,
    queryFn: ({ signal }) => callApi(plansCalls.plan, { signal }),
  });
}

/** GET /api/plan for the user's today. */
export function usePlan() {
  const user = useCurrentUser();
  return useQuery(planQueryOptions(user.uid, localDay(new Date())));
}

/** GET /api/plan/tests: the placement tests, newest first. */
export function usePlacementTests() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: testsKey(user.uid),
    queryFn: ({ signal }) => callApi(plansCalls.tests, { signal }),
  });
}

/** Puts a new plan state in place of the old one, for every day it was asked for. */
function usePlanStateSetter() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return (state: PlanState) => {
    queryClient.setQueryData(planQueryOptions(user.uid, state.today).queryKey, state);
    void queryClient.invalidateQueries({ queryKey: planKey(user.uid), exact: false });
  };
}

/** PUT /api/plan: start a plan. */
export function useStartPlan() {
  const setState = usePlanStateSetter();
  return useMutation({
    mutationFn: (body: StartPlanBody) => callApi(plansCalls.start, { body }),
    onSuccess: setState,
  });
}

/** PATCH /api/plan: pause, resume, abandon, change the level, share. */
export function usePlanAction() {
  const setState = usePlanStateSetter();
  return useMutation({
    mutationFn: (body: PlanActionBody) => callApi(plansCalls.act, { body }),
    onSuccess: setState,
  });
}

/** POST /api/plan/tests: keep a placement test; answers the plan and level it proposes. */
export function useTakeTest() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementTestBody) => callApi(plansCalls.takeTest, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: testsKey(user.uid) });
      void queryClient.invalidateQueries({ queryKey: planKey(user.uid) });
    },
  });
}
