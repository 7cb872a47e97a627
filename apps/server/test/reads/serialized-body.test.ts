/**
 * The check that holds every answer of a test server to its contract (test/contract-answers.ts), the
 * answers written as JSON in advance (reads/serialized-body.ts) included: it must catch a wrong one.
 */
import { type GroupStats, groupsCalls, healthCalls } from '@pushup/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { SerializedBody } from '../../src/reads/serialized-body';
import { registerCall } from '../../src/routes/register-call';
import { checkAnswersAgainstContracts, contractViolation } from '../contract-answers';

const stats: GroupStats = {
  groupId: 'g',
  name: 'Morning Crew',
  weekStart: '2026-11-22',
  monthStart: '2026-11-01',
  members: [
    { uuid: 'u', username: 'ann', role: 'admin', week: 3, month: 5, total: 9, rank: 1, isCurrentUser: true },
  ],
};

describe('answers held to their contracts', () => {
  it('accepts an answer of the contract’s shape and names what is wrong with another', () => {
    expect(contractViolation(groupsCalls.stats, stats)).toBeNull();
    expect(contractViolation(groupsCalls.stats, { ...stats, weekStart: 3 })).toMatch(/weekStart/);
    expect(contractViolation(groupsCalls.stats, { ...stats, secret: 'x' })).toBe(
      'the answer holds more than its schema',
    );
  });

  it('fails a request whose serialized body breaks its contract', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let answer = SerializedBody.ofParts<{ status: 'ok'; database: 'ok' }>([
      '{"status":"ok",',
      '"database":"ok"}',
    ]);
    await app.register(async (api) => registerCall(api, healthCalls.check, () => answer), { prefix: '/api' });
    checkAnswersAgainstContracts(app);

    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    answer = SerializedBody.ofParts(['{"status":"ok","database":"ok","extra":1}']);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(500);
    answer = SerializedBody.ofParts([Buffer.from('{"status":"fine","database":"ok"}')]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(500);
    await app.close();
  });
});
