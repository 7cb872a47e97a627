import type { Readable } from 'node:stream';
import {
  type AnswerOf,
  type CallContract,
  type ErrorCode,
  errorResponseSchema,
  type ParsedInput,
  STATUS_BY_CODE,
} from '@pushup/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { authOf } from '../plugins/auth';
import { SerializedBody } from '../reads/serialized-body';

/** What every call with a bearer token may answer, besides its own codes. */
const AUTH_ERRORS: readonly ErrorCode[] = [
  'UNAUTHENTICATED',
  'NOT_INVITED',
  'EMAIL_NOT_VERIFIED',
  'RATE_LIMITED',
];

/** The error answers of a call for the OpenAPI document: one entry per status, naming its codes. */
function errorResponses(contract: CallContract): Record<number, z.ZodType> {
  const codes = new Set<ErrorCode>(contract.errors);
  if (contract.auth) for (const code of AUTH_ERRORS) codes.add(code);
  if (contract.params || contract.query || contract.body) codes.add('VALIDATION_ERROR');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = STATUS_BY_CODE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, errorResponseSchema.describe(list.join(', '))]),
  );
}

/** The caller and the parsed request, as a route's handler receives them. */
export type CallHandler<C extends CallContract> = (
  input: ParsedInput<C> & { auth: C['auth'] extends true ? AuthContext : null },
  request: FastifyRequest,
) => Promise<Answer<C> | OtherAnswer> | Answer<C> | OtherAnswer;

/** An answer with a status other than the contract's success (one of its `otherAnswers`). */
export class OtherAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * The answer of a download call (a contract with `download`): a file streamed as an attachment, so
 * that a large one never sits in memory (docs/product.md, "Export").
 */
export class Download {
  constructor(
    readonly stream: Readable,
    readonly fileName: string,
  ) {}
}

/**
 * The answer of a picture call (a contract with `download`, docs/product.md, "Share pictures"): its
 * bytes, strong ETag and Cache-Control. `png` null: the client's If-None-Match matched, so nothing
 * was drawn or looked up and the answer is a 304.
 */
export class Picture {
  constructor(
    readonly png: Buffer | null,
    readonly etag: string,
    readonly cacheControl: string,
  ) {}
}

/** A 204 call answers no body, so its handler returns nothing; a download call answers a file. */
type Answer<C extends CallContract> = C['download'] extends object
  ? Download | Picture
  : C['status'] extends 204
    ? unknown
    : AnswerOf<C> | SerializedBody<AnswerOf<C>>;

/**
 * Registers the route of one contract: its method, path and schemas come from the contract (so
 * the route cannot drift from what the client and /api/docs read), its answer from the handler.
 * `app` is the scope the route belongs to; `prefix` is what that scope already adds to paths.
 */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: CallHandler<C>,
  prefix = '/api',
): void {
  if (!contract.path.startsWith(prefix)) throw new Error(`${contract.path} is outside ${prefix}`);
  app.route({
    method: contract.method,
    url: contract.path.slice(prefix.length) || '/',
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(contract.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: {
        [contract.status]: contract.answer,
        ...contract.otherAnswers,
        ...errorResponses(contract),
      },
    },
    handler: async (request, reply) => {
      const input = {
        // Fastify has parsed each part with the contract's own schema before this runs.
        params: request.params,
        query: request.query,
        body: request.body,
        auth: contract.auth ? authOf(request) : null,
      } as Parameters<CallHandler<C>>[0];
      const answer = await handler(input, request);
      if (answer instanceof OtherAnswer) return reply.code(answer.status).send(answer.body);
      if (answer instanceof Picture && contract.download) {
        reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
        if (answer.png === null) return reply.code(304).send();
        return reply
          .code(contract.status)
          .header('content-type', contract.download.contentType)
          .send(answer.png);
      }
      if (answer instanceof Download && contract.download) {
        // Personal data: like every API answer, it says Cache-Control: no-store (plugins/security.ts).
        return reply
          .code(contract.status)
          .header('content-type', contract.download.contentType)
          .header('content-disposition', `attachment; filename="${answer.fileName}"`)
          .send(answer.stream);
      }
      if (answer instanceof SerializedBody) {
        return reply
          .code(contract.status)
          .header('content-type', 'application/json; charset=utf-8')
          .send(answer.json);
      }
      return reply.code(contract.status).send(contract.status === 204 ? null : answer);
    },
  });
}
