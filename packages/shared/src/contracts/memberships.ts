import { z } from 'zod';
import {
  addAdminBodySchema,
  groupMemberParamsSchema,
  groupMemberSchema,
  groupParamsSchema,
} from '../schemas/groups';
import { defineCall } from './define';

const tags = ['groups'];
const done = z.null().describe('Done');

/** Members and their roles (docs/product.md, "Calls" and "Roles and permissions"). */
export const membershipsCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/groups/:id/members',
    summary: 'Members only: the members with their roles, longest-standing first',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 200,
    answer: z.array(groupMemberSchema),
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  leave: defineCall({
    method: 'DELETE',
    path: '/api/groups/:id/members',
    summary: 'Leave the group (a last admin hands over to the longest-standing member)',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 204,
    answer: done,
    errors: ['USER_NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN'],
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/groups/:id/members/:userId',
    summary: 'Admins: remove a member',
    tags,
    auth: true,
    params: groupMemberParamsSchema,
    status: 204,
    answer: done,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST'],
  }),
  addAdmin: defineCall({
    method: 'POST',
    path: '/api/groups/:id/admins',
    summary: 'Admins: make a member an admin',
    tags,
    auth: true,
    params: groupParamsSchema,
    body: addAdminBodySchema,
    status: 204,
    answer: done,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  removeAdmin: defineCall({
    method: 'DELETE',
    path: '/api/groups/:id/admins/:userId',
    summary: 'Admins: make an admin a member again (a group keeps at least one admin)',
    tags,
    auth: true,
    params: groupMemberParamsSchema,
    status: 204,
    answer: done,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'LAST_ADMIN'],
  }),
} as const;
