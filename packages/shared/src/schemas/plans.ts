import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PLAN_IDS, PLAN_LEVELS } from '../plans/plan-types';
import { daySchema, entryIdSchema, instantSchema, pushupEntrySchema } from './pushups';

/**
 * Training plans, placement tests and workouts (docs/product.md, "Training plans"). The server keeps
 * the plan and moves it on; the catalogue and the progression it applies are `plans/` of this package.
 */

const day = z.string().describe('YYYY-MM-DD');
/** A whole number from `min` to `max`, with one message for every way of missing it. */
const whole = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const planIdSchema = z.enum(PLAN_IDS, { error: MESSAGES.planUnknown });
const planLevelSchema = z.union(
  PLAN_LEVELS.map((level) => z.literal(level)),
  { error: MESSAGES.planLevelInvalid },
);
const weekdaySchema = z.union(
  ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => z.literal(weekday)),
  { error: MESSAGES.planWeekdaysInvalid },
);

/** PUT /api/plan: start a plan (replacing the active one, which ends as abandoned). */
export const startPlanBodySchema = z
  .object({
    planId: planIdSchema,
    level: planLevelSchema,
    startDay: daySchema,
    weekdays: z
      .array(weekdaySchema, { error: MESSAGES.planWeekdaysInvalid })
      .min(1, { error: MESSAGES.planWeekdaysInvalid })
      .max(7, { error: MESSAGES.planWeekdaysInvalid })
      .refine((days) => new Set(days).size === days.length, { error: MESSAGES.planWeekdaysInvalid }),
    daily: z
      .object({
        total: whole(1, 1000, MESSAGES.planDailyTotalInvalid),
        sets: whole(1, 10, MESSAGES.planSetsInvalid),
      })
      .strict()
      .optional(),
    custom: z
      .object({
        sets: whole(1, 10, MESSAGES.planSetsInvalid),
        reps: whole(1, 1000, MESSAGES.planRepsInvalid),
        restSeconds: whole(10, 600, MESSAGES.planRestInvalid),
      })
      .strict()
      .optional(),
    /** Members of the user's groups see the plan and where they stand in it. */
    shared: z.boolean().default(false),
  })
  .strict()
  .refine((body) => (body.planId === 'daily') === (body.daily !== undefined), {
    error: MESSAGES.planDailyMissing,
  })
  .refine((body) => (body.planId === 'custom') === (body.custom !== undefined), {
    error: MESSAGES.planCustomMissing,
  });
export type StartPlanBody = z.input<typeof startPlanBodySchema>;

/** PATCH /api/plan: what to do with the active plan. */
export const planActionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('pause') }).strict(),
    z.object({ action: z.literal('resume') }).strict(),
    z.object({ action: z.literal('abandon') }).strict(),
    z.object({ action: z.literal('level'), level: planLevelSchema }).strict(),
    z.object({ action: z.literal('share'), shared: z.boolean() }).strict(),
  ],
  { error: MESSAGES.planActionInvalid },
);
export type PlanActionBody = z.input<typeof planActionBodySchema>;

const planSetSchema = z.object({
  reps: z.number().int(),
  restSeconds: z.number().int(),
  atLeast: z.boolean(),
});

export const planSessionSchema = z.object({
  index: z.number().int(),
  week: z.number().int(),
  day: z.number().int(),
  kind: z.enum(['training', 'retest']),
  sets: z.array(planSetSchema),
});

const planOutcomeSchema = z.object({
  kind: z.enum(['done', 'repeat-day', 'moved-on', 'repeat-week', 'dropped-level', 'finished']),
  session: z.number().int(),
  day,
});

export const planProgressSchema = z.object({
  position: z.number().int(),
  level: planLevelSchema,
  status: z.enum(['active', 'paused', 'finished', 'abandoned']),
  pauses: z.array(z.object({ from: day, to: day.nullable() })),
  lastOutcome: planOutcomeSchema.nullable(),
});

export const planSettingsSchema = z.object({
  planId: planIdSchema,
  level: planLevelSchema,
  startDay: day,
  weekdays: z.array(z.number().int()),
  daily: z.object({ total: z.number().int(), sets: z.number().int() }).optional(),
  custom: z
    .object({ sets: z.number().int(), reps: z.number().int(), restSeconds: z.number().int() })
    .optional(),
});

/** A workout as kept: the sets of one session, logged as one entry (the entry's uuid is its id). */
export const workoutSchema = z.object({
  id: z.string(),
  session: z.number().int(),
  day,
  sets: z.array(z.number().int()),
  /** The targets of its sets when it was done, so that it reads the same after a level change. */
  targets: z.array(z.number().int()),
  total: z.number().int(),
});
export type Workout = z.infer<typeof workoutSchema>;

export const placementTestSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  day,
  /** ISO instant. */
  takenAt: z.string(),
});
export type PlacementTest = z.infer<typeof placementTestSchema>;

/** GET /api/plan: the caller's plan today, or none. */
export const planStateSchema = z.object({
  /** The caller's today, in the zone of X-Timezone. */
  today: day,
  plan: z
    .object({
      settings: planSettingsSchema,
      shared: z.boolean(),
      progress: planProgressSchema,
      /** How many sessions the plan has; null for a plan without end (`daily`, `custom`). */
      sessionCount: z.number().int().nullable(),
      /** The next session to do, null when the plan is finished. */
      next: planSessionSchema.nullable(),
      /** Whether today is one of the plan's training days. */
      trainingToday: z.boolean(),
      /** The workouts done today (usually one). */
      doneToday: z.array(workoutSchema),
      /** Two weeks back to four weeks ahead. */
      calendar: z.array(
        z.object({
          day,
          state: z.enum(['done', 'missed', 'today', 'upcoming', 'rest', 'paused']),
          session: z.number().int().nullable(),
        }),
      ),
    })
    .nullable(),
  latestTest: placementTestSchema.nullable(),
});
export type PlanState = z.infer<typeof planStateSchema>;

/** POST /api/plan/tests: a placement test or retest done outside a plan's session. */
export const placementTestBodySchema = z
  .object({
    id: entryIdSchema,
    count: whole(0, 1000, MESSAGES.planTestCountInvalid),
    date: instantSchema.optional(),
  })
  .strict();
export type PlacementTestBody = z.input<typeof placementTestBodySchema>;

export const placementTestAnswerSchema = z.object({
  test: placementTestSchema,
  /** The plan and level the result proposes (the user may choose another). */
  proposal: z.object({ planId: planIdSchema, level: planLevelSchema }),
});

/** GET /api/plan/tests: every test, newest first (at most 100). */
export const placementTestsSchema = z.array(placementTestSchema);

/**
 * POST /api/workouts: a finished workout of the active plan's session `session`. Its total is logged
 * as one entry with the id `id` (through the outbox like any entry: the same body again answers as
 * the first time).
 */
export const finishWorkoutBodySchema = z
  .object({
    id: entryIdSchema,
    session: whole(0, 10_000, MESSAGES.workoutSessionInvalid),
    sets: z
      .array(whole(0, 1000, MESSAGES.workoutSetRepsInvalid), { error: MESSAGES.workoutSetsInvalid })
      .min(1, { error: MESSAGES.workoutSetsInvalid })
      .max(20, { error: MESSAGES.workoutSetsInvalid })
      .refine(
        (sets) => {
          const total = sets.reduce((sum, reps) => sum + reps, 0);
          return total >= 1 && total <= 1000;
        },
        { error: MESSAGES.workoutTotalInvalid },
      ),
    date: instantSchema.optional(),
  })
  .strict();
export type FinishWorkoutBody = z.input<typeof finishWorkoutBodySchema>;

export const finishWorkoutAnswerSchema = z.object({
  entry: pushupEntrySchema,
  workout: workoutSchema,
  outcome: planOutcomeSchema,
  progress: planProgressSchema,
});
export type FinishWorkoutAnswer = z.infer<typeof finishWorkoutAnswerSchema>;

/** GET /api/groups/:id/members/:userId/plan: a member's plan, when they share it with their groups. */
export const memberPlanSchema = z.object({
  planId: planIdSchema,
  level: planLevelSchema,
  status: z.enum(['active', 'paused', 'finished', 'abandoned']),
  position: z.number().int(),
  sessionCount: z.number().int().nullable(),
  /** The day of their latest workout, null before the first. */
  lastWorkoutDay: day.nullable(),
});
export type MemberPlan = z.infer<typeof memberPlanSchema>;
