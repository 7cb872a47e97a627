import { joinRequestsCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { JoinRequestsService } from '../services/groups/join-requests.service';
import { registerCall } from './register-call';

/** Join requests and their decisions (docs/product.md, "States and transitions"). */
export async function joinRequestsRoutes(
  app: FastifyInstance,
  { joinRequests }: { joinRequests: JoinRequestsService },
) {
  const calls = joinRequestsCalls;
  registerCall(app, calls.mine, ({ auth, query }) => joinRequests.myRequests(auth, query.status));
  registerCall(app, calls.decide, ({ auth, params, body }) =>
    joinRequests.decideRequest(auth, params.requestId, body.accept),
  );
  registerCall(app, calls.request, ({ auth, params }) => joinRequests.requestJoin(auth, params.id));
  registerCall(app, calls.ofGroup, ({ auth, params, query }) =>
    joinRequests.groupRequests(auth, params.id, query.status),
  );
  registerCall(app, calls.cancel, ({ auth, params }) => joinRequests.cancelRequest(auth, params.id));
  registerCall(app, calls.rejoin, ({ auth, params }) => joinRequests.requestJoin(auth, params.id, true));
  registerCall(app, calls.allowRejected, ({ auth, params }) =>
    joinRequests.allowRejected(auth, params.id, params.uuid),
  );
}
