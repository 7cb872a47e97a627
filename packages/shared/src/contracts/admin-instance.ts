import { z } from 'zod';
import {
  adminDeleteGroupBodySchema,
  adminGroupMembersSchema,
  adminGroupsPageSchema,
  adminGroupsQuerySchema,
  auditFilterQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
  createTierBodySchema,
  editTierBodySchema,
  instanceUsageSchema,
  tierDetailsSchema,
  tierParamsSchema,
} from '../schemas/admin-instance';
import { groupParamsSchema } from '../schemas/groups';
import { defineCall } from './define';

const tags = ['admin'];

/**
 * The operators' view of the instance (docs/product.md, "Calls"; decision 038): its groups, tiers,
 * usage and audit trail. Operators only: anyone else signed in gets 403. Every change is recorded in
 * the audit trail with the operator's email and the client's address.
 */
export const adminInstanceCalls = {
  groups: defineCall({
    method: 'GET',
    path: '/api/admin/groups',
    summary:
      'Operators: groups whose name contains q (any case; every group when empty), by name, a page at a time, with their member count and creator',
    tags,
    auth: true,
    query: adminGroupsQuerySchema,
    status: 200,
    answer: adminGroupsPageSchema,
    errors: ['FORBIDDEN'],
  }),
  groupMembers: defineCall({
    method: 'GET',
    path: '/api/admin/groups/:id/members',
    summary: 'Operators: a group’s members with their role, longest-standing first',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 200,
    answer: adminGroupMembersSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  deleteGroup: defineCall({
    method: 'DELETE',
    path: '/api/admin/groups/:id',
    summary:
      'Operators: delete a group with its members, requests, invite links and challenges; the body repeats its name (any other name: 400, nothing deleted)',
    tags,
    auth: true,
    params: groupParamsSchema,
    body: adminDeleteGroupBodySchema,
    status: 204,
    answer: z.null().describe('Done'),
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  tiers: defineCall({
    method: 'GET',
    path: '/api/admin/tiers',
    summary: 'Operators: the tiers with their limits and how many accounts have each, the default first',
    tags,
    auth: true,
    status: 200,
    answer: z.array(tierDetailsSchema),
    errors: ['FORBIDDEN'],
  }),
  createTier: defineCall({
    method: 'POST',
    path: '/api/admin/tiers',
    summary: 'Operators: a new tier with its limits (its name unique)',
    tags,
    auth: true,
    body: createTierBodySchema,
    status: 201,
    answer: tierDetailsSchema,
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  editTier: defineCall({
    method: 'PATCH',
    path: '/api/admin/tiers/:id',
    summary: 'Operators: change a tier’s name or limits (every account with the tier gets the new limits)',
    tags,
    auth: true,
    params: tierParamsSchema,
    body: editTierBodySchema,
    status: 200,
    answer: tierDetailsSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  usage: defineCall({
    method: 'GET',
    path: '/api/admin/usage',
    summary:
      'Operators: accounts and how many were active, entries per day over 90 days, the database’s size, reminders sent and failed, devices',
    tags,
    auth: true,
    status: 200,
    answer: instanceUsageSchema,
    errors: ['FORBIDDEN'],
  }),
  audit: defineCall({
    method: 'GET',
    path: '/api/admin/audit',
    summary:
      'Operators: the audit trail, newest first, a page at a time, filtered by action, actor, target text and days',
    tags,
    auth: true,
    query: auditListQuerySchema,
    status: 200,
    answer: auditPageSchema,
    errors: ['FORBIDDEN'],
  }),
  auditExport: defineCall({
    method: 'GET',
    path: '/api/admin/audit/export',
    summary: 'Operators: the audit trail under the same filter as CSV (an attachment), oldest first',
    tags,
    auth: true,
    query: auditFilterQuerySchema,
    status: 200,
    answer: z
      .string()
      .describe('text/csv: a header line "at,actor,source,action,target,detail", then one line per action'),
    errors: ['FORBIDDEN'],
    download: { contentType: 'text/csv; charset=utf-8' },
  }),
} as const;
