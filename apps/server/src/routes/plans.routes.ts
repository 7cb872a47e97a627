import { plansCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { Reads } from '../reads';
import type { PlansService } from '../services/plans/plans.service';
import type { WorkoutsService } from '../services/plans/workouts.service';
import { registerCall } from './register-call';

/**
 * Training plans, placement tests and workouts (docs/product.md, "Training plans: calls"). Mounted
 * under /api inside the authenticated scope.
 */
export async function plansRoutes(
  app: FastifyInstance,
  { plans, workouts, reads }: { plans: PlansService; workouts: WorkoutsService; reads: Reads },
) {
  registerCall(app, calls.plan, ({ auth }) => reads.planState.planState(auth));
  registerCall(app, calls.start, ({ auth, body }) => plans.start(auth, body));
  registerCall(app, calls.act, ({ auth, body }) => plans.act(auth, body));
  registerCall(app, calls.tests, ({ auth }) => plans.tests(auth));
  registerCall(app, calls.takeTest, ({ auth, body }) => plans.takeTest(auth, body));
  registerCall(app, calls.finishWorkout, ({ auth, body }) => workouts.finish(auth, body));
  registerCall(app, calls.memberPlan, ({ auth, params }) => plans.memberPlan(auth, params.id, params.userId));
}
