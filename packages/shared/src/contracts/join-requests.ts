import { z } from 'zod';
import {
  decideRequestBodySchema,
  groupParamsSchema,
  joinRequestSchema,
  joinRequestStatusQuerySchema,
  rejectedMemberParamsSchema,
  requestParamsSchema,
  userJoinRequestSchema,
} from '../schemas/groups';
import { defineCall } from './define';

const tags = ['groups'];
const done = z.null().describe('Done');
/** Why asking to join can be refused. */
const joinRefusals = [
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'ALREADY_MEMBER',
  'REQUEST_PENDING',
  'REQUEST_REJECTED',
  'GROUP_LIMIT_REACHED',
  'GROUP_FULL',
] as const;

/** Join requests and their decisions (docs/product.md, "States and transitions"). */
export const joinRequestsCalls = {
  mine: defineCall({
    method: 'GET',
    path: '/api/groups/user-join-requests',
    summary: 'The caller’s own join requests with this status (default pending)',
    tags,
    auth: true,
    query: joinRequestStatusQuerySchema,
    status: 200,
    answer: z.array(userJoinRequestSchema),
    errors: [],
  }),
  decide: defineCall({
    method: 'POST',
    path: '/api/groups/requests/:requestId',
    summary: 'Admins: accept (if a seat is free) or reject a pending join request',
    tags,
    auth: true,
    params: requestParamsSchema,
    body: decideRequestBodySchema,
    status: 204,
    answer: done,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'GROUP_FULL', 'CONFLICT'],
  }),
  request: defineCall({
    method: 'POST',
    path: '/api/groups/:id/join-requests',
    summary: 'Ask to join (refused for members, pending, rejected, a full quota or a full group)',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 201,
    answer: userJoinRequestSchema,
    errors: joinRefusals,
  }),
  ofGroup: defineCall({
    method: 'GET',
    path: '/api/groups/:id/join-requests',
    summary: 'Admins: the group’s pending or rejected requests, oldest first',
    tags,
    auth: true,
    params: groupParamsSchema,
    query: joinRequestStatusQuerySchema,
    status: 200,
    answer: z.array(joinRequestSchema),
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/api/groups/:id/join-requests/cancel',
    summary: 'Cancel the caller’s pending request (409 REQUEST_ALREADY_ACCEPTED if accepted meanwhile)',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 204,
    answer: done,
    errors: ['USER_NOT_FOUND', 'NOT_FOUND', 'REQUEST_ALREADY_ACCEPTED'],
  }),
  rejoin: defineCall({
    method: 'POST',
    path: '/api/groups/:id/rejoin',
    summary: 'A rejected or former member asks to join again',
    tags,
    auth: true,
    params: groupParamsSchema,
    status: 201,
    answer: userJoinRequestSchema,
    errors: joinRefusals,
  }),
  allowRejected: defineCall({
    method: 'POST',
    path: '/api/groups/:id/rejected-members/:uuid/allow',
    summary: 'Admins: lift a rejection, so the user may ask to join again',
    tags,
    auth: true,
    params: rejectedMemberParamsSchema,
    status: 204,
    answer: done,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
} as const;
