import { MESSAGES } from '@pushup/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import { authOf } from '../plugins/auth';
import type { OperatorsService } from '../services/operators/operators.service';

/**
 * The one check of the operators' calls (docs/security.md, "Operators"): every route of `app` (an
 * encapsulated scope, after the token check) answers 403 to a caller who is not an operator. It runs
 * before the input is validated, so a non-operator learns nothing of what the calls take.
 */
export function requireOperator(app: FastifyInstance, operators: OperatorsService): void {
  app.addHook('preValidation', async (request) => {
    if (!(await operators.isOperator(authOf(request)))) {
      throw new AppError('FORBIDDEN', MESSAGES.adminOperatorsOnly);
    }
  });
}

/** Who and from where, as the audit trail records an operator's change: their email and the client's address. */
export function operatorOf(request: FastifyRequest): OperatorContext {
  const auth = authOf(request);
  return { kind: 'operator', actor: auth.email ?? auth.uid, source: request.ip };
}
