import { z } from 'zod';
import { daysBetween } from '../days';
import { MAX_DAY_RANGE_DAYS, PUSHUP_COUNT_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { isCalendarDay } from '../validation';

/** A push-up entry of docs/product.md, "Data", plus the calendar day it counts for in the logger's zone. */
export const pushupEntrySchema = z.object({
  uuid: z.string(),
  count: z.number().int(),
  /** The instant, ISO-8601 UTC. */
  date: z.string(),
  /** `YYYY-MM-DD` in the zone of the user who logged (or last re-dated) it. */
  day: z.string(),
  /**
   * The reps of each set, on an entry that is a plan's workout (GET /api/pushups only); absent once
   * its count was edited away from the sets' sum.
   */
  sets: z.array(z.number().int()).optional(),
});
export type PushupEntry = z.infer<typeof pushupEntrySchema>;

const countSchema = (min: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(PUSHUP_COUNT_MAX, { error: message });

/** An instant with an explicit offset ('Z' or '+02:00'); the server checks its range. */
export const instantSchema = z.iso.datetime({ offset: true, error: MESSAGES.pushupDateInvalid });

/** The two UUIDs that are one fixed value for everyone (RFC 9562, 5.9 and 5.10), lower-cased. */
const NIL_AND_MAX_UUIDS = new Set([
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]);

/**
 * An entry's id, one rule in every call that names one (the log's body, the edit's and delete's
 * path): the id a device gives a new entry (crypto.randomUUID(), a version 4), so that sending it
 * again is recognised (docs/product.md, "Logging an entry once"; decision 017).
 * - An RFC 9562 UUID of versions 1 to 8 with its variant bits (zod's UUID), but never the nil or
 *   max UUID: those are one value for every device, not an id one device made.
 * - Lower-cased (an overwrite, zod's type-keeping transform), so every spelling names one entry:
 *   the stored ids are lower-case, and unlike `.transform()` it keeps the format in the OpenAPI
 *   document.
 */
export const entryIdSchema = z
  .uuid({ error: MESSAGES.entryIdInvalid })
  .toLowerCase()
  .refine((id) => !NIL_AND_MAX_UUIDS.has(id), { error: MESSAGES.entryIdInvalid });

/** POST /api/pushups. `date` defaults to now; without `uuid` the server makes one. */
export const createPushupBodySchema = z.object({
  count: countSchema(1, MESSAGES.pushupCountRange),
  date: instantSchema.optional(),
  uuid: entryIdSchema.optional(),
});
export type CreatePushupBody = z.input<typeof createPushupBodySchema>;

/** PATCH /api/pushups/{uuid}. A count of 0 is allowed (an emptied edit counts as 0). */
export const updatePushupBodySchema = z.object({
  count: countSchema(0, MESSAGES.pushupEditCountRange),
  date: instantSchema.optional(),
});
export type UpdatePushupBody = z.input<typeof updatePushupBodySchema>;

/** PATCH and DELETE /api/pushups/{uuid}: the entry's id, under the same rule as a new entry's. */
export const pushupParamsSchema = z.object({ uuid: entryIdSchema });

export const daySchema = z.string().refine(isCalendarDay, { error: MESSAGES.dayInvalid });

/** A range of calendar days, both inclusive, in the caller's zone. */
export const dayRangeQuerySchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: MESSAGES.dayRangeReversed })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < MAX_DAY_RANGE_DAYS, {
    error: MESSAGES.dayRangeTooLong,
  });
export type DayRangeQuery = z.infer<typeof dayRangeQuerySchema>;

/** GET /api/pushups/daily: the sum of one day. Only days with entries are listed, oldest first. */
export const dailyTotalSchema = z.object({ day: z.string(), total: z.number().int() });
export type DailyTotal = z.infer<typeof dailyTotalSchema>;

export const TROPHIES = ['gold', 'silver', 'bronze'] as const;
export type Trophy = (typeof TROPHIES)[number];

/**
 * GET /api/pushups/leaderboard: users with at least one push-up, best first. Ties share a rank
 * (1, 1, 3); ranks 1-3 carry a trophy. The caller's row is appended when it is outside the top 100.
 * Users hidden from the leaderboard are left out, except the caller's own row.
 */
export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  username: z.string(),
  total: z.number().int(),
  trophy: z.enum(TROPHIES).optional(),
  isCurrentUser: z.boolean(),
  /**
   * Only on the caller's own row, when they hide from the global leaderboard: nobody else sees this
   * row, and its rank is the one they would have among the shown users (docs/product.md,
   * "Leaderboard visibility").
   */
  hidden: z.literal(true).optional(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
