import {
  addAdminBodySchema,
  canJoinSchema,
  createGroupBodySchema,
  createInviteBodySchema,
  decideRequestBodySchema,
  groupMemberParamsSchema,
  groupMemberSchema,
  groupParamsSchema,
  groupQuotaSchema,
  groupSchema,
  groupSearchQuerySchema,
  groupStatsSchema,
  inviteAcceptSchema,
  inviteCheckSchema,
  inviteCodeParamsSchema,
  inviteParamsSchema,
  inviteSchema,
  joinRequestSchema,
  joinRequestStatusQuerySchema,
  rejectedMemberParamsSchema,
  requestParamsSchema,
  userGroupSchema,
  userJoinRequestSchema,
} from '@pushup/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../plugins/auth';
import type { GroupsService } from '../services/groups.service';
import { bearerSecurity, errorResponses } from './openapi';

const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null().describe('Done'), ...errors };
const tags = ['groups'];

/**
 * Spec section 7, groups, and design section 5 (quota, can-join, delete). Mounted under /api
 * inside the authenticated scope. Fixed paths come before `/groups/:id` so they never read as ids.
 */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.post(
    '/groups',
    {
      schema: {
        tags,
        summary: 'Create a group; the caller becomes its admin (counts towards maxGroups)',
        security: bearerSecurity,
        body: createGroupBodySchema,
        response: { 201: groupSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(authOf(request), request.body)),
  );

  app.get(
    '/groups',
    {
      schema: {
        tags,
        summary: 'The caller’s groups with their role in each',
        security: bearerSecurity,
        response: { 200: z.array(userGroupSchema), ...errors },
      },
    },
    (request) => groups.listMine(authOf(request)),
  );

  app.get(
    '/groups/quota',
    {
      schema: {
        tags,
        summary: 'maxGroups and what is left of it (groups joined and pending requests count)',
        security: bearerSecurity,
        response: { 200: groupQuotaSchema, ...errors },
      },
    },
    (request) => groups.quota(authOf(request)),
  );

  app.get(
    '/groups/search',
    {
      schema: {
        tags,
        summary: 'Groups whose name contains q (any case), by name, at most 20',
        security: bearerSecurity,
        querystring: groupSearchQuerySchema,
        response: { 200: z.array(groupSchema), ...errors },
      },
    },
    (request) => groups.search(request.query.q),
  );

  app.get(
    '/groups/user-join-requests',
    {
      schema: {
        tags,
        summary: 'The caller’s own join requests with this status (default pending)',
        security: bearerSecurity,
        querystring: joinRequestStatusQuerySchema,
        response: { 200: z.array(userJoinRequestSchema), ...errors },
      },
    },
    (request) => groups.myRequests(authOf(request), request.query.status),
  );

  app.post(
    '/groups/requests/:requestId',
    {
      schema: {
        tags,
        summary: 'Admins: accept (if a seat is free) or reject a pending join request',
        security: bearerSecurity,
        params: requestParamsSchema,
        body: decideRequestBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.decideRequest(authOf(request), request.params.requestId, request.body.accept);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/groups/invites/:code/check',
    {
      schema: {
        tags,
        summary: 'What an invite link leads to, and whether it can be used now',
        security: bearerSecurity,
        params: inviteCodeParamsSchema,
        response: { 200: inviteCheckSchema, ...errors },
      },
    },
    (request) => groups.checkInvite(authOf(request), request.params.code),
  );

  app.post(
    '/groups/invites/:code/accept',
    {
      schema: {
        tags,
        summary: 'Join through an invite link (already a member: success)',
        security: bearerSecurity,
        params: inviteCodeParamsSchema,
        response: { 200: inviteAcceptSchema, ...errors },
      },
    },
    (request) => groups.acceptInvite(authOf(request), request.params.code),
  );

  app.get(
    '/groups/public/:id',
    {
      schema: {
        tags,
        summary: 'A group’s public information (its share page)',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 200: groupSchema, ...errors },
      },
    },
    (request) => groups.publicInfo(request.params.id),
  );

  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Admins: delete the group with its members, requests and invite links',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.deleteGroup(authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/groups/:id/can-join',
    {
      schema: {
        tags,
        summary: 'Whether the caller may ask to join, and why not',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 200: canJoinSchema, ...errors },
      },
    },
    (request) => groups.canJoin(authOf(request), request.params.id),
  );

  app.get(
    '/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Members only: the members with their roles, longest-standing first',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    (request) => groups.members(authOf(request), request.params.id),
  );

  app.delete(
    '/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Leave the group (a last admin hands over to the longest-standing member)',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.leave(authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/groups/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Admins: remove a member',
        security: bearerSecurity,
        params: groupMemberParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.removeMember(authOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups/:id/join-requests',
    {
      schema: {
        tags,
        summary: 'Ask to join (refused for members, pending, rejected, a full quota or a full group)',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 201: userJoinRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.requestJoin(authOf(request), request.params.id)),
  );

  app.get(
    '/groups/:id/join-requests',
    {
      schema: {
        tags,
        summary: 'Admins: the group’s pending or rejected requests, oldest first',
        security: bearerSecurity,
        params: groupParamsSchema,
        querystring: joinRequestStatusQuerySchema,
        response: { 200: z.array(joinRequestSchema), ...errors },
      },
    },
    (request) => groups.groupRequests(authOf(request), request.params.id, request.query.status),
  );

  app.post(
    '/groups/:id/join-requests/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the caller’s pending request (409 REQUEST_ALREADY_ACCEPTED if accepted meanwhile)',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.cancelRequest(authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups/:id/rejoin',
    {
      schema: {
        tags,
        summary: 'A rejected or former member asks to join again',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 201: userJoinRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.requestJoin(authOf(request), request.params.id, true)),
  );

  app.post(
    '/groups/:id/rejected-members/:uuid/allow',
    {
      schema: {
        tags,
        summary: 'Admins: lift a rejection, so the user may ask to join again',
        security: bearerSecurity,
        params: rejectedMemberParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.allowRejected(authOf(request), request.params.id, request.params.uuid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups/:id/admins',
    {
      schema: {
        tags,
        summary: 'Admins: make a member an admin',
        security: bearerSecurity,
        params: groupParamsSchema,
        body: addAdminBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.addAdmin(authOf(request), request.params.id, request.body.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/groups/:id/admins/:userId',
    {
      schema: {
        tags,
        summary: 'Admins: make an admin a member again (a group keeps at least one admin)',
        security: bearerSecurity,
        params: groupMemberParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.removeAdmin(authOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/groups/:id/stats',
    {
      schema: {
        tags,
        summary: 'Members only: the group leaderboard (week from Sunday and month in the caller’s zone)',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 200: groupStatsSchema, ...errors },
      },
    },
    (request) => groups.stats(authOf(request), request.params.id),
  );

  app.post(
    '/groups/:id/invites',
    {
      schema: {
        tags,
        summary: 'Admins: create an invite link (expiresInDays defaults to 30; maxUses null: unlimited)',
        security: bearerSecurity,
        params: groupParamsSchema,
        body: createInviteBodySchema,
        response: { 201: inviteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.createInvite(authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/groups/:id/invites',
    {
      schema: {
        tags,
        summary: 'Admins: the group’s invite links that are not revoked, newest first',
        security: bearerSecurity,
        params: groupParamsSchema,
        response: { 200: z.array(inviteSchema), ...errors },
      },
    },
    (request) => groups.listInvites(authOf(request), request.params.id),
  );

  app.delete(
    '/groups/:id/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Admins: revoke an invite link',
        security: bearerSecurity,
        params: inviteParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await groups.revokeInvite(authOf(request), request.params.id, request.params.inviteId);
      return reply.code(204).send(null);
    },
  );
};
