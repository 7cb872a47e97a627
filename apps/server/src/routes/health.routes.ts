import { healthCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from '../services/health/health.service';
import { OtherAnswer, registerCall } from './register-call';

/**
 * GET /api/health (liveness: 503 when the database does not answer) and GET /api/health/ready
 * (readiness: also the identity service, and 503 from the start of a shutdown). Both public.
 */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  registerCall(
    app,
    healthCalls.check,
    async (_input, request) => {
      const { health: answer, error } = await health.check();
      if (!error) return answer;
      request.log.error({ err: error }, 'health check: database unreachable');
      return new OtherAnswer(503, answer);
    },
    '',
  );
  registerCall(
    app,
    healthCalls.ready,
    async (_input, request) => {
      const { readiness, errors } = await health.ready();
      if (readiness.status === 'ok') return readiness;
      for (const error of errors) request.log.warn({ err: error, readiness }, 'not ready');
      return new OtherAnswer(503, readiness);
    },
    '',
  );
}
