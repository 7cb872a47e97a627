import { invitesCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { GroupsService } from '../services/groups.service';
import { registerCall } from './register-call';

/** Invite links (docs/product.md, "Calls"). */
export async function invitesRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }) {
  const calls = invitesCalls;
  registerCall(app, calls.create, ({ auth, params, body }) => groups.createInvite(auth, params.id, body));
  registerCall(app, calls.list, ({ auth, params }) => groups.listInvites(auth, params.id));
  registerCall(app, calls.revoke, ({ auth, params }) =>
    groups.revokeInvite(auth, params.id, params.inviteId),
  );
  registerCall(app, calls.check, ({ auth, params }) => groups.checkInvite(auth, params.code));
  registerCall(app, calls.accept, ({ auth, params }) => groups.acceptInvite(auth, params.code));
}
