import { challengeParamsSchema } from '../schemas/challenges';
import {
  achievementCardParamsSchema,
  pictureLookQuerySchema,
  profileCardParamsSchema,
  progressCardQuerySchema,
  sharePictureSchema,
} from '../schemas/share-cards';
import { defineCall } from './define';

const tags = ['share-cards'];
/** A share picture is a PNG file; its answer carries a strong ETag (docs/product.md, "Share pictures"). */
const picture = { contentType: 'image/png' } as const;

/** Pictures to share, drawn by the server (docs/product.md, "Share pictures"). */
export const shareCardsCalls = {
  progress: defineCall({
    method: 'GET',
    path: '/api/share-cards/progress',
    summary: 'A picture of the caller’s day (default) or last seven days: count, goal progress, streak',
    tags,
    auth: true,
    query: progressCardQuerySchema,
    status: 200,
    answer: sharePictureSchema,
    download: picture,
    errors: ['USER_NOT_FOUND'],
  }),
  achievement: defineCall({
    method: 'GET',
    path: '/api/share-cards/achievements/:achievementId',
    summary: 'A picture of an achievement the caller has earned (404 for one not earned)',
    tags,
    auth: true,
    params: achievementCardParamsSchema,
    query: pictureLookQuerySchema,
    status: 200,
    answer: sharePictureSchema,
    download: picture,
    errors: ['NOT_FOUND', 'USER_NOT_FOUND'],
  }),
  challenge: defineCall({
    method: 'GET',
    path: '/api/share-cards/groups/:id/challenges/:challengeId',
    summary: 'Members only: a picture of a group challenge’s standings, or its result once fixed',
    tags,
    auth: true,
    params: challengeParamsSchema,
    query: pictureLookQuerySchema,
    status: 200,
    answer: sharePictureSchema,
    download: picture,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  profile: defineCall({
    method: 'GET',
    path: '/api/share-cards/users/:username',
    summary: 'A public profile’s picture (the link preview’s image); 404 as for an unknown name when private',
    tags,
    auth: false,
    params: profileCardParamsSchema,
    query: pictureLookQuerySchema,
    status: 200,
    answer: sharePictureSchema,
    download: picture,
    errors: ['NOT_FOUND'],
  }),
} as const;
