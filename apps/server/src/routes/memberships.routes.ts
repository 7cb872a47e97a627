import { membershipsCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { GroupsService } from '../services/groups.service';
import { registerCall } from './register-call';

/** Members and their roles (docs/product.md, "Roles and permissions"). */
export async function membershipsRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }) {
  const calls = membershipsCalls;
  registerCall(app, calls.list, ({ auth, params }) => groups.members(auth, params.id));
  registerCall(app, calls.leave, ({ auth, params }) => groups.leave(auth, params.id));
  registerCall(app, calls.remove, ({ auth, params }) => groups.removeMember(auth, params.id, params.userId));
  registerCall(app, calls.addAdmin, ({ auth, params, body }) =>
    groups.addAdmin(auth, params.id, body.userId),
  );
  registerCall(app, calls.removeAdmin, ({ auth, params }) =>
    groups.removeAdmin(auth, params.id, params.userId),
  );
}
