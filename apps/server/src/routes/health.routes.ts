import { healthCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from '../services/health/health.service';
import { OtherAnswer, registerCall } from './register-call';

/** GET /api/health: public; 503 when the database does not answer (load balancers take the hint). */
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
}
