import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements';
import { MESSAGES } from '../messages';
import { dailyTotalSchema } from './pushups';

/**
 * Public profiles (docs/product.md, "Public profile"): off by default; when on, /u/<username> shows
 * anyone the parts its owner chose, and never the email or the groups.
 */

/** The parts a public profile can show, in the order the page shows them. */
export const PUBLIC_PROFILE_PARTS = ['totals', 'streak', 'records', 'heatmap', 'achievements'] as const;
export type PublicProfilePart = (typeof PUBLIC_PROFILE_PARTS)[number];

const flag = z.boolean({ error: MESSAGES.publicProfileSettingsInvalid });

/** GET and PUT /api/users/public-profile: whether the profile is public, and each part's choice. */
export const publicProfileSettingsSchema = z
  .object({
    enabled: flag,
    parts: z
      .object({
        totals: flag,
        streak: flag,
        records: flag,
        heatmap: flag,
        achievements: flag,
      })
      .strict(),
  })
  .strict();
export type PublicProfileSettings = z.infer<typeof publicProfileSettingsSchema>;

const day = z.string().describe('YYYY-MM-DD');

/**
 * GET /api/public/profiles/{username}: the owner's username and only the parts they chose (a part
 * not chosen is absent). Days are the owner's, in the owner's zone.
 */
export const publicProfileSchema = z.object({
  username: z.string(),
  totals: z.object({ total: z.number().int(), activeDays: z.number().int() }).optional(),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }).optional(),
  records: z
    .object({
      bestDay: z.object({ day, total: z.number().int() }).nullable(),
      bestWeek: z.object({ weekStart: day, total: z.number().int() }).nullable(),
      bestMonth: z.object({ month: z.string().describe('YYYY-MM'), total: z.number().int() }).nullable(),
    })
    .optional(),
  /** The last 12 months up to the owner's today: each day with push-ups and its sum, oldest first. */
  heatmap: z.object({ today: day, days: z.array(dailyTotalSchema) }).optional(),
  /** The achievements earned, in the catalogue's order. */
  achievements: z.array(z.object({ id: z.enum(ACHIEVEMENT_IDS), earnedAt: z.string() })).optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/**
 * The name in the address, as it came: anything up to 200 characters (a longer one is a 400); a
 * name no user has, whatever its characters, is the same 404 as a private profile.
 */
export const publicProfileParamsSchema = z.object({ username: z.string().min(1).max(200) });
