import { MESSAGES } from '@pushup/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error';

/** Fastify's own wording for its client errors, replaced where it would not tell a user what to do. */
function clientErrorMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'Request body is not valid JSON';
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return 'Request body must be JSON (Content-Type: application/json)';
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  return error.message;
}

/**
 * The one error handler: every error becomes `{ message, code }`. Bad input is always a 4xx;
 * anything unexpected is a 500 with the request id, and its stack goes to the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue carries the text of docs/product.md, "Validation" (the shared schemas set it).
      const message = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message, code: 'VALIDATION_ERROR' });
    }
    if (error.validation) {
      return reply.code(400).send({ message: error.message, code: 'VALIDATION_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const code = status === 401 ? 'UNAUTHENTICATED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      const message = clientErrorMessage(error);
      return reply.code(status).send({ message, code: status === 429 ? 'RATE_LIMITED' : code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: MESSAGES.serverInternal, code: 'INTERNAL', requestId: request.id });
  });
}
