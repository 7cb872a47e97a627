import {
  publicProfileParamsSchema,
  publicProfileSchema,
  publicProfileSettingsSchema,
} from '../schemas/public-profile';
import { defineCall } from './define';

const tags = ['public-profile'];

/** The public profile and its settings (docs/product.md, "Public profile"). */
export const publicProfileCalls = {
  settings: defineCall({
    method: 'GET',
    path: '/api/users/public-profile',
    summary: 'Whether the caller’s profile is public, and which parts it shows',
    tags,
    auth: true,
    status: 200,
    answer: publicProfileSettingsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  updateSettings: defineCall({
    method: 'PUT',
    path: '/api/users/public-profile',
    summary: 'Turn the caller’s public profile on or off and choose its parts (takes effect at once)',
    tags,
    auth: true,
    body: publicProfileSettingsSchema,
    status: 200,
    answer: publicProfileSettingsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  /**
   * Public: a private profile answers exactly as a name no user has (the same 404), so that nobody
   * can tell whether an account exists behind a name.
   */
  read: defineCall({
    method: 'GET',
    path: '/api/public/profiles/:username',
    summary: 'Public: the parts of a public profile its owner chose (private or unknown: the same 404)',
    tags,
    auth: false,
    params: publicProfileParamsSchema,
    status: 200,
    answer: publicProfileSchema,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
} as const;
