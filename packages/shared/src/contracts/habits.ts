import { z } from 'zod';
import { groupParamsSchema } from '../schemas/groups';
import {
  achievementsSchema,
  achievementsSeenBodySchema,
  groupAchievementsSchema,
  recordsSchema,
  streakSchema,
  updateSettingsBodySchema,
  userSettingsSchema,
} from '../schemas/habits';
import { defineCall } from './define';

const tags = ['habits'];

/** Streaks, records, achievements and the settings they follow (docs/product.md, "Streaks" to "Achievements"). */
export const habitsCalls = {
  streak: defineCall({
    method: 'GET',
    path: '/api/pushups/streak',
    summary: 'The caller’s current and longest streak, by the days of their entries, with their rest days',
    tags,
    auth: true,
    status: 200,
    answer: streakSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  records: defineCall({
    method: 'GET',
    path: '/api/pushups/records',
    summary: 'The caller’s best day, week (from Sunday) and month, total, active days and average',
    tags,
    auth: true,
    status: 200,
    answer: recordsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  achievements: defineCall({
    method: 'GET',
    path: '/api/achievements',
    summary: 'Every achievement: when the caller earned it, or their progress towards it',
    tags,
    auth: true,
    status: 200,
    answer: achievementsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  achievementsSeen: defineCall({
    method: 'POST',
    path: '/api/achievements/seen',
    summary: 'Marks earned achievements as announced to the caller',
    tags,
    auth: true,
    body: achievementsSeenBodySchema,
    status: 204,
    answer: z.null().describe('Marked'),
    errors: ['USER_NOT_FOUND'],
  }),
  groupAchievements: defineCall({
    method: 'GET',
    path: '/api/groups/:id/achievements',
    summary: 'Members only: each member’s latest achievements (at most 3, newest first)',
    tags: ['habits', 'groups'],
    auth: true,
    params: groupParamsSchema,
    status: 200,
    answer: groupAchievementsSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  settings: defineCall({
    method: 'GET',
    path: '/api/users/settings',
    summary: 'The caller’s settings: rest days a week, leaderboard visibility, language and theme',
    tags: ['users'],
    auth: true,
    status: 200,
    answer: userSettingsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  updateSettings: defineCall({
    method: 'PATCH',
    path: '/api/users/settings',
    summary: 'Change settings (only the fields sent, at least one): rest days, visibility, language, theme',
    tags: ['users'],
    auth: true,
    body: updateSettingsBodySchema,
    status: 200,
    answer: userSettingsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
} as const;
