import { Readable } from 'node:stream';
import { adminInstanceCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { GroupsService } from '../services/groups/groups.service';
import type { InstanceService } from '../services/operators/instance.service';
import type { OperatorsService } from '../services/operators/operators.service';
import type { TiersService } from '../services/operators/tiers.service';
import { operatorOf, requireOperator } from './operator-guard';
import { Download, registerCall } from './register-call';

/**
 * The operators' calls on the instance's groups, tiers, usage and audit trail (docs/product.md,
 * "Calls"; docs/security.md, "Operators"): 403 to anyone signed in who is not an operator, before
 * the request's input is looked at.
 */
export async function adminInstanceRoutes(
  app: FastifyInstance,
  deps: {
    operators: OperatorsService;
    groups: GroupsService;
    instance: InstanceService;
    tiers: TiersService;
  },
) {
  const { groups, instance, tiers } = deps;
  requireOperator(app, deps.operators);
  const calls = adminInstanceCalls;
  registerCall(app, calls.groups, ({ query }, request) => instance.groups(operatorOf(request), query));
  registerCall(app, calls.groupMembers, ({ params }, request) =>
    instance.groupMembers(operatorOf(request), params.id),
  );
  registerCall(app, calls.deleteGroup, ({ params, body }, request) =>
    groups.deleteAsOperator(operatorOf(request), params.id, body.confirmName),
  );
  registerCall(app, calls.tiers, (_input, request) => tiers.list(operatorOf(request)));
  registerCall(app, calls.createTier, ({ body }, request) => tiers.create(operatorOf(request), body));
  registerCall(app, calls.editTier, ({ params, body }, request) =>
    tiers.edit(operatorOf(request), params.id, body),
  );
  registerCall(app, calls.usage, (_input, request) => instance.usage(operatorOf(request)));
  registerCall(app, calls.audit, ({ query }, request) => instance.audit(operatorOf(request), query));
  registerCall(app, calls.auditExport, async ({ query }, request) => {
    const csv = await instance.auditCsv(operatorOf(request), query);
    return new Download(Readable.from([csv]), 'audit-trail.csv');
  });
}
