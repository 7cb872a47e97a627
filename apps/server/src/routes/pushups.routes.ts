import { pushupsCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { Reads } from '../reads';
import type { PushupsService } from '../services/pushups/pushups.service';
import { registerCall } from './register-call';

/** The push-up calls (docs/product.md, "Calls"). Mounted under /api inside the authenticated scope. */
export async function pushupsRoutes(
  app: FastifyInstance,
  { pushups, reads }: { pushups: PushupsService; reads: Reads },
) {
  registerCall(app, calls.log, ({ auth, body }) => pushups.create(auth, body));
  registerCall(app, calls.list, ({ auth, query }) => pushups.list(auth, query));
  registerCall(app, calls.daily, ({ auth, query }) => reads.dailySums.daily(auth, query));
  registerCall(app, calls.leaderboard, ({ auth }) => reads.leaderboard.leaderboard(auth));
  registerCall(app, calls.groupMembers, ({ auth, params, query }) =>
    reads.groupMemberDays.memberDaySums(auth, params.groupId, query),
  );
  registerCall(app, calls.update, ({ auth, params, body }) => pushups.update(auth, params.uuid, body));
  registerCall(app, calls.remove, ({ auth, params }) => pushups.remove(auth, params.uuid));
}
