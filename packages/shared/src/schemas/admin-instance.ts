import { z } from 'zod';
import { GROUP_NAME_MAX_LENGTH } from '../limits';
import { MESSAGES } from '../messages';
import { tierLimitSchema } from './admin-users';
import { groupMemberSchema } from './groups';
import { daySchema } from './pushups';

/**
 * The operators' admin page: the instance's groups, tiers, usage and audit trail (docs/product.md,
 * "Calls"; decision 038). Only an operator may call these.
 */

/** The most rows one page of the groups' or the audit trail's list holds. */
export const ADMIN_PAGE_MAX = 100;
const ADMIN_PAGE_DEFAULT = 20;
/** The furthest a page may start: beyond it, narrow the filter. */
const ADMIN_OFFSET_MAX = 100_000;

const TIER_NAME_MAX_LENGTH = 40;

/** The days of the usage call's chart of entries per day, today included. */
export const USAGE_CHART_DAYS = 90;

/** What the audit trail records (docs/security.md, "Audit trail"); the server's AuditAction is this list. */
export const AUDIT_ACTIONS = [
  'invite',
  'uninvite',
  'tier',
  'grant-admin',
  'revoke-admin',
  'restore',
  'disable-sign-in',
  'enable-sign-in',
  'account-deleted',
  'group-deleted',
  'tier-created',
  'tier-edited',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

const pageQuery = {
  offset: z.coerce.number().int().min(0).max(ADMIN_OFFSET_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
};

// ---- Groups ----

/** GET /api/admin/groups?q=&offset=&limit=: q empty or absent lists every group. */
export const adminGroupsQuerySchema = z.object({
  q: z.string().trim().max(GROUP_NAME_MAX_LENGTH, { error: MESSAGES.groupSearchTooLong }).default(''),
  ...pageQuery,
});
export type AdminGroupsQuery = z.input<typeof adminGroupsQuerySchema>;

export const adminGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  maxMembers: z.number().int(),
  /** The creator's username; null once their account is deleted. */
  creator: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

/** A page of groups by name (any case), and how many match in all. */
export const adminGroupsPageSchema = z.object({
  groups: z.array(adminGroupSchema),
  total: z.number().int(),
  /** Pass as `offset` for the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type AdminGroupsPage = z.infer<typeof adminGroupsPageSchema>;

export const adminGroupMembersSchema = z.array(groupMemberSchema);

/** DELETE /api/admin/groups/:id: the group's name as the operator typed it, checked on the server. */
export const adminDeleteGroupBodySchema = z.object({
  confirmName: z
    .string({ error: MESSAGES.adminGroupNameMismatch })
    .max(200, { error: MESSAGES.adminGroupNameMismatch }),
});
export type AdminDeleteGroupBody = z.input<typeof adminDeleteGroupBodySchema>;

// ---- Tiers ----

const tierNameSchema = z
  .string({ error: MESSAGES.tierNameInvalid })
  .trim()
  .min(1, { error: MESSAGES.tierNameInvalid })
  .max(TIER_NAME_MAX_LENGTH, { error: MESSAGES.tierNameInvalid })
  // A name is one line of text: no control characters.
  .regex(/^[^\p{Cc}]*$/u, { error: MESSAGES.tierNameInvalid });

export const tierParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /api/admin/tiers. */
export const createTierBodySchema = z.object({
  name: tierNameSchema,
  maxGroups: tierLimitSchema(MESSAGES.tierMaxGroupsInvalid),
  maxMembersPerGroup: tierLimitSchema(MESSAGES.tierMaxMembersInvalid),
});
export type CreateTierBody = z.input<typeof createTierBodySchema>;

/** PATCH /api/admin/tiers/:id: at least one of the three. */
export const editTierBodySchema = createTierBodySchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: MESSAGES.settingsEmpty,
  });
export type EditTierBody = z.input<typeof editTierBodySchema>;

export const tierDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  maxGroups: z.number().int(),
  maxMembersPerGroup: z.number().int(),
  createdAt: z.string(),
  /** How many accounts have this tier. */
  users: z.number().int(),
  /** The tier new accounts get. */
  isDefault: z.boolean(),
});
export type TierDetails = z.infer<typeof tierDetailsSchema>;

// ---- Usage ----

export const instanceUsageSchema = z.object({
  /** When the numbers were read (ISO). */
  at: z.string(),
  users: z.object({
    total: z.number().int(),
    /** Accounts with an entry logged in the last 24 hours, 7 and 30 days. */
    active1d: z.number().int(),
    active7d: z.number().int(),
    active30d: z.number().int(),
  }),
  /**
   * The last USAGE_CHART_DAYS UTC days, oldest first, every day listed (0 when none): the entries
   * logged that day (by their instant) and their push-ups.
   */
  entriesPerDay: z.array(z.object({ day: z.string(), entries: z.number().int(), pushups: z.number().int() })),
  /** The database's size on disk in bytes (SQLite: its file's pages; PostgreSQL: pg_database_size). */
  databaseBytes: z.number().int(),
  /** Daily reminders sent, and pushes to a device that failed, in the last 24 hours. */
  reminders: z.object({ sentLastDay: z.number().int(), failedLastDay: z.number().int() }),
  /** Devices subscribed to reminders. */
  devices: z.number().int(),
});
export type InstanceUsage = z.infer<typeof instanceUsageSchema>;

// ---- Audit trail ----

const filterText = z.string().trim().max(200, { error: MESSAGES.auditFilterTooLong }).optional();

const auditFilterFields = {
  action: z.enum(AUDIT_ACTIONS, { error: MESSAGES.auditActionInvalid }).optional(),
  /** Part of the actor (any case). */
  actor: filterText,
  /** Part of the target (any case). */
  target: filterText,
  /** UTC days, both inclusive. */
  from: daySchema.optional(),
  to: daySchema.optional(),
};
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

/** GET /api/admin/audit/export: the audit trail's filter, each part optional. */
export const auditFilterQuerySchema = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, { error: MESSAGES.dayRangeReversed });
export type AuditFilterQuery = z.input<typeof auditFilterQuerySchema>;

/** GET /api/admin/audit: the filter and a page, newest first. */
export const auditListQuerySchema = z
  .object({ ...auditFilterFields, ...pageQuery })
  .refine(fromNotAfterTo, { error: MESSAGES.dayRangeReversed });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  source: z.string(),
  action: z.string(),
  /** The target named; '(erased with a deleted account)' once erased; null where none was. */
  target: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditLineView = z.infer<typeof auditLineSchema>;

export const auditPageSchema = z.object({
  lines: z.array(auditLineSchema),
  total: z.number().int(),
  /** Pass as `offset` for the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
