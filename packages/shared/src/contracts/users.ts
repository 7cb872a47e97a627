import { z } from 'zod';
import {
  createUserBodySchema,
  updateGoalBodySchema,
  updateProfileBodySchema,
  userProfileSchema,
} from '../schemas/users';
import { defineCall } from './define';

const tags = ['users'];

/** The profile calls (docs/product.md, "Calls"). */
export const usersCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/users',
    summary: 'Create the caller’s profile (email from the token)',
    tags,
    auth: true,
    body: createUserBodySchema,
    status: 201,
    answer: userProfileSchema,
    errors: ['USER_EXISTS', 'USERNAME_TAKEN'],
  }),
  getProfile: defineCall({
    method: 'GET',
    path: '/api/users/profile',
    summary: 'The caller’s profile',
    tags,
    auth: true,
    status: 200,
    answer: userProfileSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  updateProfile: defineCall({
    method: 'PUT',
    path: '/api/users/profile',
    summary: 'Change username (and photo URL)',
    tags,
    auth: true,
    body: updateProfileBodySchema,
    status: 200,
    answer: userProfileSchema,
    errors: ['USER_NOT_FOUND', 'USERNAME_TAKEN'],
  }),
  updateGoal: defineCall({
    method: 'PATCH',
    path: '/api/users/profile-update',
    summary: 'Change goal fields (null clears one)',
    tags,
    auth: true,
    body: updateGoalBodySchema,
    status: 200,
    answer: userProfileSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  deleteAccount: defineCall({
    method: 'DELETE',
    path: '/api/users/me',
    summary: 'Delete the caller’s account and all its data',
    tags,
    auth: true,
    status: 204,
    answer: z.null().describe('Deleted'),
    errors: ['USER_NOT_FOUND'],
  }),
} as const;
