import { z } from 'zod';
import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  INVITE_EXPIRY_DAYS,
  INVITE_EXPIRY_MAX_DAYS,
  INVITE_MAX_USES_MAX,
} from '../limits';
import { MESSAGES } from '../messages';
import { validateGroupName } from '../validation';
import { dailyTotalSchema, TROPHIES } from './pushups';

/** Group calls of docs/product.md, "Calls"; shapes recorded in decision 010. */

const GROUP_ROLES = ['admin', 'member'] as const;
const groupRoleSchema = z.enum(GROUP_ROLES);

const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;
const joinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);

/** A group name: trimmed, then 3 to 30 characters with the spec's message. */
const groupNameSchema = z
  .string({ error: MESSAGES.groupNameInvalid })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const message = validateGroupName(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const userRefSchema = z.object({ uuid: z.string(), username: z.string() });

/** A group as docs/product.md, "Data" lists it, plus its member count. */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  /** The creator; null once their account is deleted. */
  creator: userRefSchema.nullable(),
  createdBy: z.string().nullable(),
  maxMembers: z.number().int(),
  memberCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

/**
 * GET /api/groups: the caller's groups, each with the caller's role in it and, for an admin, the
 * join requests waiting for them (0 for a member).
 */
export const userGroupSchema = groupSchema.extend({
  role: groupRoleSchema,
  pendingRequests: z.number().int().nonnegative(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

/** POST /api/groups. maxMembers defaults to the creator's maxMembersPerGroup and may not exceed it. */
export const createGroupBodySchema = z.object({
  name: groupNameSchema,
  description: z
    .string()
    .trim()
    .max(GROUP_DESCRIPTION_MAX_LENGTH, { error: MESSAGES.groupDescriptionTooLong })
    .nullable()
    .optional(),
  maxMembers: z.number().int().min(2).max(1000).optional(),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

export const groupParamsSchema = z.object({ id: z.string().min(1).max(64) });
/** The group of the members' push-ups call, named `groupId` in its path. */
export const groupIdParamsSchema = z.object({ groupId: z.string().min(1).max(64) });
export const groupMemberParamsSchema = groupParamsSchema.extend({ userId: z.string().min(1).max(64) });
export const rejectedMemberParamsSchema = groupParamsSchema.extend({ uuid: z.string().min(1).max(64) });
export const inviteParamsSchema = groupParamsSchema.extend({ inviteId: z.string().min(1).max(64) });
export const inviteCodeParamsSchema = z.object({ code: z.string().min(1).max(128) });
export const requestParamsSchema = z.object({ requestId: z.string().min(1).max(64) });

export const groupSearchQuerySchema = z.object({
  q: z
    .string({ error: MESSAGES.groupSearchEmpty })
    .trim()
    .min(1, { error: MESSAGES.groupSearchEmpty })
    .max(GROUP_NAME_MAX_LENGTH, { error: MESSAGES.groupSearchTooLong }),
});

/** A group member (docs/product.md, "Data"). */
export const groupMemberSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  role: groupRoleSchema,
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const joinRequestStatusQuerySchema = z.object({
  status: z.enum(['pending', 'rejected']).default('pending'),
});

/** A join request as a group admin sees it (GET /api/groups/{id}/join-requests). */
export const joinRequestSchema = z.object({
  requestId: z.string(),
  groupId: z.string(),
  user: userRefSchema,
  status: joinRequestStatusSchema,
  requestedAt: z.string(),
  created_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** The caller's own request (POST join-requests, rejoin, GET user-join-requests): a pending request of docs/product.md, "Data". */
export const userJoinRequestSchema = z.object({
  requestId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: joinRequestStatusSchema,
  requestedAt: z.string(),
});
export type UserJoinRequest = z.infer<typeof userJoinRequestSchema>;

/** POST /api/groups/requests/{requestId}. */
export const decideRequestBodySchema = z.object({
  accept: z.boolean({ error: 'accept must be true or false' }),
});

export const addAdminBodySchema = z.object({ userId: z.string().min(1).max(64) });

/** GET /api/groups/quota (docs/product.md, "Calls"). */
export const groupQuotaSchema = z.object({
  remainingGroups: z.number().int(),
  maxGroups: z.number().int(),
});
export type GroupQuota = z.infer<typeof groupQuotaSchema>;

/** GET /api/groups/{id}/can-join (docs/product.md, "Calls"). reason is empty when canJoin is true. */
export const canJoinSchema = z.object({ canJoin: z.boolean(), reason: z.string() });
export type CanJoin = z.infer<typeof canJoinSchema>;

/** POST /api/groups/{id}/invites. */
export const createInviteBodySchema = z.object({
  maxUses: z
    .number({ error: MESSAGES.inviteMaxUsesInvalid })
    .int({ error: MESSAGES.inviteMaxUsesInvalid })
    .min(1, { error: MESSAGES.inviteMaxUsesInvalid })
    .max(INVITE_MAX_USES_MAX, { error: MESSAGES.inviteMaxUsesInvalid })
    .nullable()
    .default(null),
  expiresInDays: z
    .number({ error: MESSAGES.inviteExpiryInvalid })
    .int({ error: MESSAGES.inviteExpiryInvalid })
    .min(1, { error: MESSAGES.inviteExpiryInvalid })
    .max(INVITE_EXPIRY_MAX_DAYS, { error: MESSAGES.inviteExpiryInvalid })
    .default(INVITE_EXPIRY_DAYS),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;
export type CreateInviteInput = z.output<typeof createInviteBodySchema>;

/** An invite link (docs/product.md, "Data": createdBy with uuid; code and inviteId identify it). */
export const inviteSchema = z.object({
  inviteId: z.string(),
  code: z.string(),
  groupId: z.string(),
  createdBy: userRefSchema,
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string(),
  created_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * GET /api/groups/invites/{code}/check: what the invite page shows. reason is empty when valid. A
 * revoked, expired or used-up link returns its reason only, the group's fields null: a dead link
 * shows nothing of the group.
 */
export const inviteCheckSchema = z.object({
  valid: z.boolean(),
  reason: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  memberCount: z.number().int().nullable(),
  maxMembers: z.number().int().nullable(),
  isMember: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type InviteCheck = z.infer<typeof inviteCheckSchema>;

/** What a signed-out holder of a usable invite link may see: the group's name, nothing else. */
export const invitePreviewSchema = z.object({ groupName: z.string() });
/** What a signed-out visitor of a group's share link sees of the group: its name and description. */
export const groupPreviewSchema = z.object({ name: z.string(), description: z.string().nullable() });
export type GroupPreview = z.infer<typeof groupPreviewSchema>;
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** A dead link's check, as a non-member gets it: the reason, nothing of the group. */
export function deadInviteCheck(reason: string): InviteCheck {
  return {
    valid: false,
    reason,
    groupId: null,
    groupName: null,
    memberCount: null,
    maxMembers: null,
    isMember: false,
    expiresAt: null,
  };
}

/** POST /api/groups/invites/{code}/accept. alreadyMember: the caller was a member before (a success). */
export const inviteAcceptSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  alreadyMember: z.boolean(),
});
export type InviteAccept = z.infer<typeof inviteAcceptSchema>;

/** One row of a group leaderboard (GET /api/groups/{id}/stats). */
const groupMemberStatsSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  role: groupRoleSchema,
  /** The viewer's current week, Sunday to Saturday, in their zone. */
  week: z.number().int(),
  /** The viewer's current calendar month. */
  month: z.number().int(),
  total: z.number().int(),
  rank: z.number().int(),
  medal: z.enum(TROPHIES).optional(),
  isCurrentUser: z.boolean(),
});
export type GroupMemberStats = z.infer<typeof groupMemberStatsSchema>;

export const groupStatsSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  /** `YYYY-MM-DD`: the Sunday the week sums start on, in the viewer's zone. */
  weekStart: z.string(),
  monthStart: z.string(),
  members: z.array(groupMemberStatsSchema),
});
export type GroupStats = z.infer<typeof groupStatsSchema>;

/**
 * GET /api/pushups/group/{groupId}/members: per member, in the group's order, one entry per day with
 * push-ups, holding that day's sum, oldest first (decision 010). A list, not an object keyed by
 * username: a member named `__proto__` would vanish from an object.
 */
export const groupMemberPushupsSchema = z.array(
  z.object({ username: z.string(), days: z.array(dailyTotalSchema) }),
);
export type GroupMemberPushups = z.infer<typeof groupMemberPushupsSchema>;
