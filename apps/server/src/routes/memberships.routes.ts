import { membershipsCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { MembershipsService } from '../services/groups/memberships.service';
import { registerCall } from './register-call';

/** Members and their roles (docs/product.md, "Roles and permissions"). */
export async function membershipsRoutes(
  app: FastifyInstance,
  { memberships }: { memberships: MembershipsService },
) {
  const calls = membershipsCalls;
  registerCall(app, calls.list, ({ auth, params }) => memberships.members(auth, params.id));
  registerCall(app, calls.leave, ({ auth, params }) => memberships.leave(auth, params.id));
  registerCall(app, calls.remove, ({ auth, params }) =>
    memberships.removeMember(auth, params.id, params.userId),
  );
  registerCall(app, calls.addAdmin, ({ auth, params, body }) =>
    memberships.addAdmin(auth, params.id, body.userId),
  );
  registerCall(app, calls.removeAdmin, ({ auth, params }) =>
    memberships.removeAdmin(auth, params.id, params.userId),
  );
}
