/**
 * Every success a test server sends is checked against its call's contract (packages/shared): the
 * bodies serialized in advance (reads/serialized-body.ts) skip the runtime check in production, so the
 * tests hold them, and every other response, to the contract's answer schema instead.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CallContract } from '@pushup/shared';
import * as shared from '@pushup/shared';
import type { FastifyInstance } from 'fastify';

/** Every contract of the API: each `<domain>Calls` object packages/shared exports. */
const CONTRACTS: readonly CallContract[] = Object.entries(shared)
  .filter(([name]) => name.endsWith('Calls'))
  .flatMap(([, calls]) => Object.values(calls as Record<string, CallContract>));

/** The contract of a route, by its method and its path pattern as Fastify registered it. */
const BY_ROUTE = new Map(CONTRACTS.map((contract) => [`${contract.method} ${contract.path}`, contract]));

/**
 * Why `body` is not what `contract` promises, or null when it is: it must parse, and parse to itself
 * (a schema strips keys it does not know, so an extra key shows as a difference).
 */
export function contractViolation(contract: CallContract, body: unknown): string | null {
  const parsed = contract.answer.safeParse(body);
  if (!parsed.success) return parsed.error.message;
  if (!isDeepStrictEqual(parsed.data, body)) return 'the answer holds more than its schema';
  return null;
}

/** The text of a payload Fastify is about to send, or null for a stream (a download). */
function textOf(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** Makes `app` fail a request whose success answer breaks its contract (a 500 naming the call). */
export function checkAnswersAgainstContracts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = BY_ROUTE.get(`${request.method} ${request.routeOptions.url}`);
    if (!contract || reply.statusCode !== contract.status || contract.status === 204 || contract.download) {
      return payload;
    }
    const text = textOf(payload);
    if (text === null) return payload;
    const violation = contractViolation(contract, JSON.parse(text));
    if (violation === null) return payload;
    const message = `${contract.method} ${contract.path} answered against its contract: ${violation}`;
    console.error(message, text.slice(0, 2000));
    throw new Error(message);
  });
}
