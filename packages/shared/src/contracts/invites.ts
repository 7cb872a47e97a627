import { z } from 'zod';
import {
  createInviteBodySchema,
  groupParamsSchema,
  inviteAcceptSchema,
  inviteCheckSchema,
  inviteCodeParamsSchema,
  inviteParamsSchema,
  invitePreviewSchema,
  inviteSchema,
} from '../schemas/groups';
import { defineCall } from './define';

const tags = ['groups'];

/** Invite links (docs/product.md, "Calls" and "Roles and permissions"). */
export const invitesCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/groups/:id/invites',
    summary: 'Admins: create an invite link (expiresInDays defaults to 30; maxUses null: unlimited)',
    tags,
    auth: true,
    params: groupParamsSchema,
    body: createInviteBodySchema,
    status: 201,
    answer: inviteSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/groups/:id/invites',
    summary: 'Admins: the group’s invite links that are not revoked, newest first',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 200,
    answer: z.array(inviteSchema),
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  revoke: defineCall({
    method: 'DELETE',
    path: '/api/groups/:id/invites/:inviteId',
    summary: 'Admins: revoke an invite link',
    tags,
    auth: true,
    params: inviteParamsSchema,
    status: 204,
    answer: z.null().describe('Done'),
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  check: defineCall({
    method: 'GET',
    path: '/api/groups/invites/:code/check',
    summary: 'What an invite link leads to, and whether it can be used now',
    tags,
    auth: true,
    params: inviteCodeParamsSchema,
    status: 200,
    answer: inviteCheckSchema,
    errors: ['NOT_FOUND'],
  }),
  /**
   * Public: the sign-in page names the group that invited a signed-out visitor. A usable
   * link answers its group's name only; an unknown, revoked, expired or used-up one is the same 404.
   */
  preview: defineCall({
    method: 'GET',
    path: '/api/groups/invites/:code/preview',
    summary: 'Public: the name of the group a usable invite link leads to (for the sign-in page)',
    tags,
    auth: false,
    params: inviteCodeParamsSchema,
    status: 200,
    answer: invitePreviewSchema,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  accept: defineCall({
    method: 'POST',
    path: '/api/groups/invites/:code/accept',
    summary: 'Join through an invite link (already a member: success)',
    tags,
    auth: true,
    params: inviteCodeParamsSchema,
    status: 200,
    answer: inviteAcceptSchema,
    errors: ['NOT_FOUND', 'INVITE_INVALID', 'GROUP_FULL', 'GROUP_LIMIT_REACHED', 'USER_NOT_FOUND'],
  }),
} as const;
