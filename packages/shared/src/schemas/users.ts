import { z } from 'zod';
import { GOAL_DESCRIPTION_MAX_LENGTH } from '../limits';
import { MESSAGES } from '../messages';
import { LANGUAGES, THEMES } from '../preferences';
import { validateGoal, validateGoalDeadline, validateUsername } from '../validation';

/** A username: trimmed, then checked by the spec's rules with the spec's messages. */
const usernameSchema = z
  .string({ error: MESSAGES.usernameEmpty })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const message = validateUsername(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const personalGoalSchema = z
  .number({ error: MESSAGES.goalRange })
  .nullable()
  .superRefine((value, ctx) => {
    const message = validateGoal(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const goalDeadlineSchema = z
  .string({ error: MESSAGES.goalDeadlineInvalid })
  .nullable()
  .superRefine((value, ctx) => {
    const message = validateGoalDeadline(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const goalDescriptionSchema = z
  .string({ error: 'Goal description must be text' })
  .max(GOAL_DESCRIPTION_MAX_LENGTH, { error: MESSAGES.goalDescriptionTooLong })
  .nullable();

const subscriptionTierSchema = z.object({
  maxGroups: z.number().int(),
  maxMembersPerGroup: z.number().int(),
});

/** A language the app speaks; anything else is refused with the message that names them. */
export const languageSchema = z
  .enum(LANGUAGES, { error: MESSAGES.languageInvalid })
  .describe('The app’s language: en (English) or de (German)');

/** A theme: system (follow the device), light or dark. */
export const themeSchema = z
  .enum(THEMES, { error: MESSAGES.themeInvalid })
  .describe('The app’s theme: system (follow the device), light or dark');

/** User profile of docs/product.md, "Data". Dates are ISO strings; goalDeadline is `YYYY-MM-DD`. */
export const userProfileSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  subscriptionTier: subscriptionTierSchema,
  personalGoal: z.number().nullable(),
  goalDeadline: z.string().nullable(),
  goalDescription: z.string().nullable(),
  /** The language and theme the user chose (docs/product.md, "Language and theme"); null: not chosen yet. */
  language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(THEMES).nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** POST /api/users. The email is taken from the verified token; a body email is accepted but ignored. */
export const createUserBodySchema = z.object({
  username: usernameSchema,
  email: z.string().optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/**
 * A profile photo's address: https only, so that no `javascript:`, `data:` or `file:` address is
 * ever stored to be put into a page (docs/security.md, "What users write that pages show").
 */
const photoUrlSchema = z
  .url({ protocol: /^https$/, error: 'Photo URL must be an https URL' })
  .max(2048, { error: 'Photo URL must be an https URL' });

/** The address when it is a photo URL the app keeps, else null (a token's picture, say). */
export function httpsUrlOrNull(value: string | null | undefined): string | null {
  const parsed = photoUrlSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** PUT /api/users/profile: the username (and optionally the photo URL). */
export const updateProfileBodySchema = z.object({
  username: usernameSchema,
  email: z.string().optional(),
  photoURL: photoUrlSchema.nullable().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** PATCH /api/users/profile-update: goal fields only; at least one must be present. */
export const updateGoalBodySchema = z
  .object({
    personalGoal: personalGoalSchema.optional(),
    goalDeadline: goalDeadlineSchema.optional(),
    goalDescription: goalDescriptionSchema.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.personalGoal !== undefined ||
      body.goalDeadline !== undefined ||
      body.goalDescription !== undefined,
    { error: MESSAGES.serverNoGoalFields },
  );
export type UpdateGoalBody = z.input<typeof updateGoalBodySchema>;
