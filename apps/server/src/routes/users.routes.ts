import {
  createUserBodySchema,
  updateGoalBodySchema,
  updateProfileBodySchema,
  userProfileSchema,
} from '@pushup/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../plugins/auth';
import type { UsersService } from '../services/users.service';
import { bearerSecurity, errorResponses } from './openapi';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Spec section 7, users. Mounted under /api inside the authenticated scope. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create the caller’s profile (email from the token)',
        security: bearerSecurity,
        body: createUserBodySchema,
        response: { 201: userProfileSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(authOf(request), request.body)),
  );

  app.get(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'The caller’s profile',
        security: bearerSecurity,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    (request) => users.getProfile(authOf(request)),
  );

  app.put(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Change username (and photo URL)',
        security: bearerSecurity,
        body: updateProfileBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    (request) => users.updateProfile(authOf(request), request.body),
  );

  app.patch(
    '/users/profile-update',
    {
      schema: {
        tags: ['users'],
        summary: 'Change goal fields (null clears one)',
        security: bearerSecurity,
        body: updateGoalBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    (request) => users.updateGoal(authOf(request), request.body),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the caller’s account and all its data',
        security: bearerSecurity,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(authOf(request));
      return reply.code(204).send(null);
    },
  );
};
