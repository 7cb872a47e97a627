import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text ('2025-01-01T12:00:00.000Z') on both engines,
 * so one repository code path works on SQLite and PostgreSQL.
 */
export interface SubscriptionTiersTable {
  id: string;
  name: string;
  max_groups: number;
  max_members_per_group: number;
  created_at: string;
}

export interface UsersTable {
  uuid: string;
  firebase_uid: string;
  username: string;
  username_lower: string;
  email: string;
  photo_url: string | null;
  personal_goal: number | null;
  goal_deadline: string | null;
  goal_description: string | null;
  tier_id: string;
  created_at: string;
  updated_at: string;
}

export interface PlatformInvitesTable {
  email_lower: string;
  invited_at: string;
  tier_id: string | null;
}

export interface Database {
  subscription_tiers: SubscriptionTiersTable;
  users: UsersTable;
  platform_invites: PlatformInvitesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TierRow = Selectable<SubscriptionTiersTable>;
export type InviteRow = Selectable<PlatformInvitesTable>;
