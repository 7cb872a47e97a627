import { z } from 'zod';
import { ACHIEVEMENT_IDS, REST_DAYS_PER_WEEK_MAX } from '../achievements';
import { MESSAGES } from '../messages';
import { LANGUAGES, THEMES } from '../preferences';
import { languageSchema, themeSchema } from './users';

/**
 * Streaks, personal records and achievements (docs/product.md, "Streaks", "Personal records",
 * "Achievements"), all computed by the server from the days each entry counts for.
 */

const day = z.string().describe('YYYY-MM-DD');

/** GET /api/pushups/streak: runs of days with push-ups, allowing the user's rest days. */
export const streakSchema = z.object({
  /** The caller's today, in the zone of X-Timezone. */
  today: day,
  restDaysPerWeek: z.number().int(),
  /** Days in the current streak (rest days inside it included); 0 when there is none. */
  current: z.number().int(),
  /** Its first and last day (the last is today, or the last day that still holds it). */
  currentStart: day.nullable(),
  currentEnd: day.nullable(),
  /** Whether today has push-ups: when not, 'Log today to keep your streak'. */
  todayLogged: z.boolean(),
  /** Rest days the current streak has used in this week (Sunday to Saturday). */
  restDaysUsedThisWeek: z.number().int(),
  longest: z.number().int(),
  longestStart: day.nullable(),
  longestEnd: day.nullable(),
});
export type Streak = z.infer<typeof streakSchema>;

/** GET /api/pushups/records: the caller's bests, each with when. */
export const recordsSchema = z.object({
  bestDay: z.object({ day, total: z.number().int() }).nullable(),
  /** Weeks from Sunday, as the group boards count them. */
  bestWeek: z.object({ weekStart: day, total: z.number().int() }).nullable(),
  bestMonth: z.object({ month: z.string().describe('YYYY-MM'), total: z.number().int() }).nullable(),
  total: z.number().int(),
  activeDays: z.number().int(),
  /** total / activeDays, one decimal; 0 with no active day. */
  averagePerActiveDay: z.number(),
  /** The first day with push-ups (the records count from it). */
  firstDay: day.nullable(),
});
export type Records = z.infer<typeof recordsSchema>;

const achievementIdSchema = z.enum(ACHIEVEMENT_IDS);

const achievementStatusSchema = z.object({
  id: achievementIdSchema,
  /** When it was earned (ISO), null while not earned. */
  earnedAt: z.string().nullable(),
  /** Earned but not yet announced to the user (POST /api/achievements/seen clears it). */
  unseen: z.boolean(),
  /** Where the user stands: the measure now, and what it must reach (both capped at the target when earned). */
  progress: z.number().int(),
  target: z.number().int(),
});
export type AchievementStatus = z.infer<typeof achievementStatusSchema>;

/** GET /api/achievements: every achievement of the catalogue, in its order. */
export const achievementsSchema = z.array(achievementStatusSchema);

/** POST /api/achievements/seen: the ids the app has announced (each known, at least one). */
export const achievementsSeenBodySchema = z.object({
  ids: z
    .array(z.enum(ACHIEVEMENT_IDS, { error: MESSAGES.achievementIdsInvalid }), {
      error: MESSAGES.achievementIdsInvalid,
    })
    .min(1, { error: MESSAGES.achievementIdsInvalid })
    .max(ACHIEVEMENT_IDS.length, { error: MESSAGES.achievementIdsInvalid }),
});
export type AchievementsSeenBody = z.input<typeof achievementsSeenBodySchema>;

/** GET /api/groups/{id}/achievements: each member's latest achievements, newest first (at most 3 each). */
export const groupAchievementsSchema = z.array(
  z.object({
    uuid: z.string(),
    username: z.string(),
    latest: z.array(z.object({ id: achievementIdSchema, earnedAt: z.string() })),
  }),
);
export type GroupAchievements = z.infer<typeof groupAchievementsSchema>;

/** GET and PATCH /api/users/settings: what the user chose (more settings join later). */
export const userSettingsSchema = z.object({
  /** Rest days a week (0 to 2) that do not break a streak. */
  restDaysPerWeek: z.number().int(),
  /** Shown on the global leaderboard (true, the default) or hidden from it (docs/product.md, "Leaderboard visibility"). */
  showOnLeaderboard: z.boolean(),
  /** The app's language and theme (docs/product.md, "Language and theme"); null: not chosen yet. */
  language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(THEMES).nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH /api/users/settings: only what changes (at least one setting). */
export const updateSettingsBodySchema = z
  .object({
    restDaysPerWeek: z
      .number({ error: MESSAGES.restDaysInvalid })
      .int({ error: MESSAGES.restDaysInvalid })
      .min(0, { error: MESSAGES.restDaysInvalid })
      .max(REST_DAYS_PER_WEEK_MAX, { error: MESSAGES.restDaysInvalid })
      .optional(),
    showOnLeaderboard: z.boolean({ error: MESSAGES.leaderboardVisibilityInvalid }).optional(),
    language: languageSchema.optional(),
    theme: themeSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: MESSAGES.settingsEmpty,
  });
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;
