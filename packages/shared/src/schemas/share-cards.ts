import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements';
import { MESSAGES } from '../messages';
import { LANGUAGES, THEMES } from '../preferences';

/**
 * What every share picture may be asked for (docs/product.md, "Share pictures"): its theme ('system'
 * draws light: the server cannot see the device) and language; each defaults to the user's own
 * choice, and to light and English without one.
 */
const pictureLookSchema = z.object({
  theme: z.enum(THEMES, { error: MESSAGES.themeInvalid }).optional(),
  lang: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }).optional(),
});
export type PictureLook = z.infer<typeof pictureLookSchema>;

export const SHARE_PERIODS = ['day', 'week'] as const;
export type SharePeriod = (typeof SHARE_PERIODS)[number];

/** GET /api/share-cards/progress: today's or the last seven days' progress. */
export const progressCardQuerySchema = pictureLookSchema
  .extend({ period: z.enum(SHARE_PERIODS, { error: MESSAGES.shareCardPeriodInvalid }).optional() })
  .strict();

/** Every other share picture takes only the look. */
export const pictureLookQuerySchema = pictureLookSchema.strict();

export const achievementCardParamsSchema = z.object({
  achievementId: z.enum(ACHIEVEMENT_IDS, { error: MESSAGES.achievementIdInvalid }),
});

export const profileCardParamsSchema = z.object({ username: z.string().min(1).max(64) });

/** What the API document says a share picture is. */
export const sharePictureSchema = z.string().describe('A PNG picture, 1200 x 630 pixels');
