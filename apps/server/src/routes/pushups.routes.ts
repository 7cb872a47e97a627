import {
  createPushupBodySchema,
  dailyTotalSchema,
  dayRangeQuerySchema,
  groupMemberPushupsSchema,
  leaderboardRowSchema,
  pushupEntrySchema,
  pushupParamsSchema,
  updatePushupBodySchema,
} from '@pushup/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../plugins/auth';
import type { PushupsService } from '../services/pushups.service';
import { bearerSecurity, errorResponses } from './openapi';

const errors = errorResponses(400, 401, 403, 404);

/** Spec section 7, push-ups. Mounted under /api inside the authenticated scope. */
export const pushupsRoutes: FastifyPluginAsyncZod<{ pushups: PushupsService }> = async (app, { pushups }) => {
  app.post(
    '/pushups',
    {
      schema: {
        tags: ['pushups'],
        summary: 'Log an entry (date defaults to now; its day is taken in the X-Timezone zone)',
        security: bearerSecurity,
        body: createPushupBodySchema,
        response: { 201: pushupEntrySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await pushups.create(authOf(request), request.body)),
  );

  app.get(
    '/pushups',
    {
      schema: {
        tags: ['pushups'],
        summary: 'The caller’s entries in an inclusive day range, newest first (at most 1000)',
        security: bearerSecurity,
        querystring: dayRangeQuerySchema,
        response: { 200: z.array(pushupEntrySchema), ...errors },
      },
    },
    (request) => pushups.list(authOf(request), request.query),
  );

  app.get(
    '/pushups/daily',
    {
      schema: {
        tags: ['pushups'],
        summary: 'The caller’s sum per day with entries, oldest first (default: the last 30 days)',
        security: bearerSecurity,
        querystring: dayRangeQuerySchema,
        response: { 200: z.array(dailyTotalSchema), ...errors },
      },
    },
    (request) => pushups.daily(authOf(request), request.query),
  );

  app.get(
    '/pushups/leaderboard',
    {
      schema: {
        tags: ['pushups'],
        summary: 'Top 100 by total (ties share a rank), plus the caller’s row when outside them',
        security: bearerSecurity,
        response: { 200: z.array(leaderboardRowSchema), ...errors },
      },
    },
    (request) => pushups.leaderboard(authOf(request)),
  );

  app.get(
    '/pushups/group/:groupId/members',
    {
      schema: {
        tags: ['pushups', 'groups'],
        summary: 'Members only: each member’s sum per day with entries, by username (chart overlays)',
        security: bearerSecurity,
        params: z.object({ groupId: z.string().min(1).max(64) }),
        querystring: dayRangeQuerySchema,
        response: { 200: groupMemberPushupsSchema, ...errors },
      },
    },
    (request) => pushups.groupMembers(authOf(request), request.params.groupId, request.query),
  );

  app.patch(
    '/pushups/:uuid',
    {
      schema: {
        tags: ['pushups'],
        summary: 'Change an entry’s count (and date; its day is recomputed in the X-Timezone zone)',
        security: bearerSecurity,
        params: pushupParamsSchema,
        body: updatePushupBodySchema,
        response: { 200: pushupEntrySchema, ...errors },
      },
    },
    (request) => pushups.update(authOf(request), request.params.uuid, request.body),
  );

  app.delete(
    '/pushups/:uuid',
    {
      schema: {
        tags: ['pushups'],
        summary: 'Delete one of the caller’s entries',
        security: bearerSecurity,
        params: pushupParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await pushups.remove(authOf(request), request.params.uuid);
      return reply.code(204).send(null);
    },
  );
};
