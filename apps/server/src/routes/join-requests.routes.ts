import { joinRequestsCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { GroupsService } from '../services/groups.service';
import { registerCall } from './register-call';

/** Join requests and their decisions (docs/product.md, "States and transitions"). */
export async function joinRequestsRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }) {
  const calls = joinRequestsCalls;
  registerCall(app, calls.mine, ({ auth, query }) => groups.myRequests(auth, query.status));
  registerCall(app, calls.decide, ({ auth, params, body }) =>
    groups.decideRequest(auth, params.requestId, body.accept),
  );
  registerCall(app, calls.request, ({ auth, params }) => groups.requestJoin(auth, params.id));
  registerCall(app, calls.ofGroup, ({ auth, params, query }) =>
    groups.groupRequests(auth, params.id, query.status),
  );
  registerCall(app, calls.cancel, ({ auth, params }) => groups.cancelRequest(auth, params.id));
  registerCall(app, calls.rejoin, ({ auth, params }) => groups.requestJoin(auth, params.id, true));
  registerCall(app, calls.allowRejected, ({ auth, params }) =>
    groups.allowRejected(auth, params.id, params.uuid),
  );
}
