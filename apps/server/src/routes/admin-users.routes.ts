import { adminUsersCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { OperatorsService } from '../services/operators/operators.service';
import type { AdminUsersService } from '../services/users/admin-users.service';
import { operatorOf, requireOperator } from './operator-guard';
import { registerCall } from './register-call';

interface AdminUsersDeps {
  operators: OperatorsService;
  adminUsers: AdminUsersService;
}

/**
 * Whether the caller is an operator: the one admin call any signed-in caller may make (the web shows
 * its admin page, or a not-found page, by it). A scope of its own, outside requireOperator's.
 */
export async function adminAccessRoutes(app: FastifyInstance, { operators }: AdminUsersDeps) {
  registerCall(app, calls.access, async ({ auth }) => ({ operator: await operators.isOperator(auth) }));
}

/**
 * The operators' calls on invites and users (docs/product.md, "Calls"; docs/security.md,
 * "Operators"): 403 to anyone signed in who is not an operator, before the input is looked at.
 */
export async function adminUsersRoutes(app: FastifyInstance, { operators, adminUsers }: AdminUsersDeps) {
  requireOperator(app, operators);
  registerCall(app, calls.listInvites, (_input, request) => adminUsers.listInvites(operatorOf(request)));
  registerCall(app, calls.invite, ({ body }, request) => adminUsers.invite(operatorOf(request), body));
  registerCall(app, calls.uninvite, ({ params }, request) =>
    adminUsers.uninvite(operatorOf(request), params.email),
  );
  registerCall(app, calls.searchUsers, ({ auth, query }, request) =>
    adminUsers.search(operatorOf(request), auth, query),
  );
  registerCall(app, calls.setUserTier, ({ auth, params, body }, request) =>
    adminUsers.setTier(operatorOf(request), auth, params.uuid, body),
  );
  registerCall(app, calls.disableUser, ({ auth, params }, request) =>
    adminUsers.disable(operatorOf(request), auth, params.uuid),
  );
  registerCall(app, calls.enableUser, ({ auth, params }, request) =>
    adminUsers.enable(operatorOf(request), auth, params.uuid),
  );
  registerCall(app, calls.deleteUser, ({ auth, params, body }, request) =>
    adminUsers.deleteUser(operatorOf(request), auth, params.uuid, body.confirmUsername),
  );
}
