import { z } from 'zod';
import { groupIdParamsSchema, groupMemberPushupsSchema } from '../schemas/groups';
import {
  createPushupBodySchema,
  dailyTotalSchema,
  dayRangeQuerySchema,
  leaderboardRowSchema,
  pushupEntrySchema,
  pushupParamsSchema,
  updatePushupBodySchema,
} from '../schemas/pushups';
import { defineCall } from './define';

const tags = ['pushups'];

/** The push-up calls (docs/product.md, "Calls"). */
export const pushupsCalls = {
  log: defineCall({
    method: 'POST',
    path: '/api/pushups',
    summary:
      'Log an entry (date defaults to now; its day is taken in the X-Timezone zone); the same uuid, count and date again answers as the first time',
    tags,
    auth: true,
    body: createPushupBodySchema,
    status: 201,
    answer: pushupEntrySchema,
    errors: ['USER_NOT_FOUND', 'ENTRY_CONFLICT'],
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/pushups',
    summary: 'The caller’s entries in an inclusive day range, newest first (at most 1000)',
    tags,
    auth: true,
    query: dayRangeQuerySchema,
    status: 200,
    answer: z.array(pushupEntrySchema),
    errors: ['USER_NOT_FOUND'],
  }),
  daily: defineCall({
    method: 'GET',
    path: '/api/pushups/daily',
    summary: 'The caller’s sum per day with push-ups, oldest first (default: the last 30 days)',
    tags,
    auth: true,
    query: dayRangeQuerySchema,
    status: 200,
    answer: z.array(dailyTotalSchema),
    errors: ['USER_NOT_FOUND'],
  }),
  leaderboard: defineCall({
    method: 'GET',
    path: '/api/pushups/leaderboard',
    summary: 'Top 100 by total (ties share a rank), plus the caller’s row when outside them',
    tags,
    auth: true,
    status: 200,
    answer: z.array(leaderboardRowSchema),
    errors: [],
  }),
  groupMembers: defineCall({
    method: 'GET',
    path: '/api/pushups/group/:groupId/members',
    summary: 'Members only: each member’s sum per day with push-ups, by username (chart overlays)',
    tags: ['pushups', 'groups'],
    auth: true,
    params: groupIdParamsSchema,
    query: dayRangeQuerySchema,
    status: 200,
    answer: groupMemberPushupsSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  update: defineCall({
    method: 'PATCH',
    path: '/api/pushups/:uuid',
    summary: 'Change an entry’s count (and date; its day is recomputed in the X-Timezone zone)',
    tags,
    auth: true,
    params: pushupParamsSchema,
    body: updatePushupBodySchema,
    status: 200,
    answer: pushupEntrySchema,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/pushups/:uuid',
    summary: 'Delete one of the caller’s entries',
    tags,
    auth: true,
    params: pushupParamsSchema,
    status: 204,
    answer: z.null().describe('Deleted'),
    errors: ['NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
} as const;
