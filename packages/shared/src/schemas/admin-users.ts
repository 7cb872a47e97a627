import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * The operators' admin page: invites and users (docs/product.md, "Calls"; docs/security.md,
 * "Operators"). Only an operator may call these.
 */

/** The most addresses one bulk invite takes (MESSAGES.adminInviteTooMany names it); a longer list is sent in several calls. */
export const ADMIN_INVITE_BATCH_MAX = 200;
/** The most users one page of the user search holds. */
export const ADMIN_USERS_PAGE_MAX = 100;
/** The users of a page of the search when the client does not say. */
export const ADMIN_USERS_PAGE_DEFAULT = 25;
/** The longest search text: an address is at most 320 characters. */
const ADMIN_USERS_QUERY_MAX = 320;
/** The bounds of a tier's limits, as the admin command line's `tier` takes them. */
export const ADMIN_TIER_LIMIT_MAX = 100_000;

/** A tier's limit: a whole number from 1 to ADMIN_TIER_LIMIT_MAX, refused with `message`. */
export const tierLimitSchema = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(ADMIN_TIER_LIMIT_MAX, { error: message });

/** A tier's limits: how many groups a user may be in, how many members each may have. */
export const adminTierSchema = z.object({
  maxGroups: tierLimitSchema(MESSAGES.tierMaxGroupsInvalid),
  maxMembersPerGroup: tierLimitSchema(MESSAGES.tierMaxMembersInvalid),
});
export type AdminTier = z.infer<typeof adminTierSchema>;

/** GET /api/admin/access: whether the caller is an operator (docs/security.md, "Operators"). */
export const adminAccessSchema = z.object({ operator: z.boolean() });
export type AdminAccess = z.infer<typeof adminAccessSchema>;

/**
 * Where an invited address stands: invited (nobody has signed up with it), signed-up (an account
 * signed up with it but has not confirmed it), verified (an account confirmed it).
 */
export const ADMIN_INVITE_STATES = ['invited', 'signed-up', 'verified'] as const;
export type AdminInviteState = (typeof ADMIN_INVITE_STATES)[number];

export const adminInviteSchema = z.object({
  email: z.string(),
  state: z.enum(ADMIN_INVITE_STATES),
  /** The tier the invite carries to its sign-up; null: the default tier. */
  tier: adminTierSchema.nullable(),
  invitedAt: z.string(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

export const adminInviteListSchema = z.object({
  /** Every invited address, newest invite first. */
  invites: z.array(adminInviteSchema),
});
export type AdminInviteList = z.infer<typeof adminInviteListSchema>;

/**
 * POST /api/admin/invites: a pasted list. `emails` holds its lines (or `text` the whole paste, split
 * at line breaks, commas, semicolons and spaces); blank lines are skipped. Each address is checked
 * on its own: a bad one is named in the answer with why, the good ones are added.
 */
export const adminInviteBodySchema = z
  .object({
    emails: z
      .array(z.string().max(1000, { error: 'A line of the list can be at most 1000 characters' }), {
        error: 'emails must be a list of addresses',
      })
      .max(ADMIN_INVITE_BATCH_MAX, { error: MESSAGES.adminInviteTooMany })
      .optional(),
    text: z
      .string({ error: 'text must be the pasted list' })
      .max(ADMIN_INVITE_BATCH_MAX * 330, { error: 'The pasted list is too long' })
      .optional(),
    /** The tier the new invites carry to their sign-up; absent: the default tier. */
    tier: adminTierSchema.optional(),
  })
  .refine((body) => body.emails !== undefined || body.text !== undefined, {
    error: MESSAGES.adminInviteEmpty,
  });
export type AdminInviteBody = z.input<typeof adminInviteBodySchema>;

export const adminInviteResultSchema = z.object({
  /** The addresses invited by this call (lower-cased). */
  added: z.array(z.string()),
  /** Good addresses that were invited already: left as they were (their tier and date kept). */
  alreadyInvited: z.array(z.string()),
  /** The lines that are not addresses, each as sent, with why (also a line repeated in the list). */
  refused: z.array(z.object({ line: z.string(), reason: z.string() })),
});
export type AdminInviteResult = z.infer<typeof adminInviteResultSchema>;

export const adminInviteParamsSchema = z.object({
  email: z.string().min(1).max(320),
});

/** GET /api/admin/users?q=&offset=&limit=: name or email contains q (any case); no q: everybody. */
export const adminUsersQuerySchema = z.object({
  q: z
    .string()
    .max(ADMIN_USERS_QUERY_MAX, { error: `The search can be at most ${ADMIN_USERS_QUERY_MAX} characters` })
    .transform((value) => value.trim())
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).default(ADMIN_USERS_PAGE_DEFAULT),
});

export const adminUserSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  /** The address the account confirmed; '' while it has confirmed none. */
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** The last day the user logged push-ups on (their own day, YYYY-MM-DD); null: never. */
  lastActiveDay: z.string().nullable(),
  totalPushups: z.number().int(),
  groupCount: z.number().int(),
  tier: adminTierSchema,
  /** Sign-in is disabled by an operator: every call with the account's token is refused. */
  disabled: z.boolean(),
  /** The caller's own account: it cannot be disabled or deleted from here. */
  self: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** How many users match the search in all. */
  total: z.number().int(),
  /** Pass as `offset` for the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserParamsSchema = z.object({
  uuid: z.uuid({ error: 'User id must be a UUID' }),
});

/** DELETE /api/admin/users/:uuid: the account's username, typed by the operator, as confirmation. */
export const adminDeleteUserBodySchema = z.object({
  confirmUsername: z
    .string({ error: MESSAGES.adminDeleteUsernameMismatch })
    .max(100, { error: MESSAGES.adminDeleteUsernameMismatch }),
});
export type AdminDeleteUserBody = z.input<typeof adminDeleteUserBodySchema>;
