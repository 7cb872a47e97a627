import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements';
import { daysBetween } from '../days';
import { MESSAGES } from '../messages';
import { groupParamsSchema } from './groups';
import { daySchema } from './pushups';

/**
 * Group challenges, cheers and the group feed (docs/product.md, "Group challenges, cheers and the
 * feed"). A challenge's days are each participant's own local days, as their day sums are kept.
 */

export const CHALLENGE_KINDS = ['race', 'everyone', 'together'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];
export const CHALLENGE_NAME_MIN = 3;
export const CHALLENGE_NAME_MAX = 40;
/** A challenge spans at most this many days, its start and end days included. */
export const CHALLENGE_DAYS_MAX = 366;
export const CHALLENGE_TARGET_MAX = 1_000_000;
export const CHALLENGE_MIN_PER_DAY_MAX = 10_000;
/** The most lines one page of a group's feed holds. */
export const FEED_PAGE_MAX = 50;
/** The lines of a page of a group's feed when the client does not say: a phone's screen or two. */
const FEED_PAGE_DEFAULT = 20;
/** How many days back a cheer may reach (the feed's recent days). */
export const CHEER_DAYS_BACK = 6;
/** The name a deleted account's place in a finished result shows. */
export const DELETED_USER_NAME = 'Deleted user';

const whole = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** POST /api/groups/:id/challenges. `target` is N of 'everyone' and 'together'; a race has none. */
export const createChallengeBodySchema = z
  .object({
    name: z
      .string({ error: MESSAGES.challengeNameInvalid })
      .trim()
      .min(CHALLENGE_NAME_MIN, { error: MESSAGES.challengeNameInvalid })
      .max(CHALLENGE_NAME_MAX, { error: MESSAGES.challengeNameInvalid }),
    kind: z.enum(CHALLENGE_KINDS, { error: MESSAGES.challengeKindInvalid }),
    target: whole(1, CHALLENGE_TARGET_MAX, MESSAGES.challengeTargetInvalid).nullable().optional(),
    /** Days below it do not count for the challenge. */
    minPerDay: whole(1, CHALLENGE_MIN_PER_DAY_MAX, MESSAGES.challengeMinPerDayInvalid).nullable().optional(),
    startDay: daySchema,
    endDay: daySchema,
  })
  .strict()
  .refine((body) => (body.kind === 'race') === (body.target === undefined || body.target === null), {
    error: MESSAGES.challengeTargetMissing,
  })
  .refine((body) => body.endDay >= body.startDay, { error: MESSAGES.challengeEndBeforeStart })
  .refine((body) => daysBetween(body.startDay, body.endDay) < CHALLENGE_DAYS_MAX, {
    error: MESSAGES.challengeTooLong,
  });
export type CreateChallengeBody = z.input<typeof createChallengeBodySchema>;

export const challengeParamsSchema = groupParamsSchema.extend({
  challengeId: z.string().min(1).max(64),
});

/** PATCH /api/groups/:id/challenge-settings (admins). */
export const challengeSettingsSchema = z
  .object({ membersMayCreateChallenges: z.boolean({ error: MESSAGES.challengeSettingInvalid }) })
  .strict();
export type ChallengeSettings = z.infer<typeof challengeSettingsSchema>;

const challengeStatusSchema = z.enum(['upcoming', 'running', 'finished']);
export type ChallengeStatus = z.infer<typeof challengeStatusSchema>;

/**
 * Someone as a challenge or the feed names them: `uuid` null when they are no longer in the group
 * (their name stays, without a link) or their account is deleted (DELETED_USER_NAME).
 */
const personSchema = z.object({ uuid: z.string().nullable(), username: z.string() });
export type FeedPerson = z.infer<typeof personSchema>;

/** A challenge as lists show it. */
export const challengeSummarySchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  name: z.string(),
  kind: z.enum(CHALLENGE_KINDS),
  target: z.number().int().nullable(),
  minPerDay: z.number().int().nullable(),
  startDay: z.string(),
  endDay: z.string(),
  /** In the caller's days; 'finished' once the result is fixed (or the end has passed everywhere). */
  status: challengeStatusSchema,
  participantCount: z.number().int(),
  joined: z.boolean(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
});
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

/** GET /api/groups/:id/challenges. */
export const groupChallengesSchema = z.object({
  membersMayCreateChallenges: z.boolean(),
  /** Whether the caller may create one (an admin, or any member when the group allows it). */
  canCreate: z.boolean(),
  upcoming: z.array(challengeSummarySchema),
  running: z.array(challengeSummarySchema),
  /** Newest first, at most 50. */
  finished: z.array(challengeSummarySchema),
});
export type GroupChallenges = z.infer<typeof groupChallengesSchema>;

const participantSchema = z.object({
  person: personSchema,
  total: z.number().int(),
  /** Ties share a rank (1, 1, 3). */
  rank: z.number().int(),
  /** Of N ('everyone'); null for the other kinds. */
  share: z.number().nullable(),
  /** Reached N ('everyone') or, in a race, won; false otherwise. */
  reached: z.boolean(),
  /** Today's push-ups in their own today; null once finished. */
  today: z.number().int().nullable(),
  isCurrentUser: z.boolean(),
});
export type ChallengeParticipant = z.infer<typeof participantSchema>;

/** GET /api/groups/:id/challenges/:challengeId. */
export const challengePageSchema = challengeSummarySchema.extend({
  /** Days left in the caller's days, today included; 0 once over. */
  daysLeft: z.number().int(),
  /** The participants' combined total. */
  groupTotal: z.number().int(),
  participants: z.array(participantSchema),
  /** Most push-ups today (each in their own today); null before the start, after the end, or at 0. */
  todaysLeader: z.object({ person: personSchema, today: z.number().int() }).nullable(),
  /** For a participant of a challenge with N, still running: how many a day reach N by the end. */
  pace: z
    .object({ remaining: z.number().int(), perDay: z.number().int(), daysLeft: z.number().int() })
    .nullable(),
  /** Once fixed: the winners (a race; ties share), whether N was reached, and when it was fixed. */
  result: z
    .object({
      fixedAt: z.string(),
      winners: z.array(personSchema),
      reachedTarget: z.boolean(),
      groupTotal: z.number().int(),
    })
    .nullable(),
});
export type ChallengePage = z.infer<typeof challengePageSchema>;

/** GET /api/challenges/running: the caller's running challenges across their groups (the dashboard). */
export const myChallengesSchema = z.array(
  challengeSummarySchema.extend({
    myTotal: z.number().int(),
    myRank: z.number().int(),
    groupTotal: z.number().int(),
    daysLeft: z.number().int(),
  }),
);
export type MyChallenges = z.infer<typeof myChallengesSchema>;

/** PUT and DELETE /api/groups/:id/members/:userId/cheers/:day. */
export const cheerParamsSchema = groupParamsSchema.extend({
  userId: z.string().min(1).max(64),
  day: daySchema,
});

/** GET /api/cheers: who cheered the caller lately, and whether a cheer pushes to their devices. */
export const cheersSchema = z.object({
  pushOnCheer: z.boolean(),
  /** The last 7 days' cheers, newest first (at most 50). */
  received: z.array(
    z.object({
      from: z.object({ uuid: z.string(), username: z.string() }),
      day: z.string(),
      at: z.string(),
    }),
  ),
});
export type Cheers = z.infer<typeof cheersSchema>;

/** PUT /api/cheers/settings. Off by default. */
export const cheerSettingsSchema = z
  .object({ pushOnCheer: z.boolean({ error: MESSAGES.cheerSettingInvalid }) })
  .strict();
export type CheerSettings = z.infer<typeof cheerSettingsSchema>;

export const FEED_KINDS = [
  'day',
  'achievement',
  'challenge-created',
  'challenge-joined',
  'challenge-won',
  'member-joined',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** GET /api/groups/:id/feed?cursor=&limit=. */
export const feedQuerySchema = z.object({
  /** The `nextCursor` of the page before; none: the newest page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: MESSAGES.feedCursorInvalid })
    .optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
});

const feedLineSchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  /** When the line was written (a day line: its first push-ups). */
  at: z.string(),
  person: personSchema,
  /** A day line: the member's day and its push-ups now (kept in their zone). */
  day: z.string().nullable(),
  count: z.number().int().nullable(),
  achievementId: z.enum(ACHIEVEMENT_IDS).nullable(),
  /** A challenge's line: its id (null once deleted) and name. */
  challenge: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  /** A day line: how many cheered that day, and whether the caller did. */
  cheers: z.number().int().nullable(),
  cheeredByMe: z.boolean().nullable(),
});
export type FeedLine = z.infer<typeof feedLineSchema>;

export const feedPageSchema = z.object({
  lines: z.array(feedLineSchema),
  /** Pass as `cursor` for the older lines; null at the oldest. */
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;
