import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text ('2025-01-01T12:00:00.000Z') on both engines,
 * so one repository code path works on SQLite and PostgreSQL.
 */
interface SubscriptionTiersTable {
  id: string;
  name: string;
  max_groups: number;
  max_members_per_group: number;
  created_at: string;
}

interface UsersTable {
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
  /** Rest days a week (0 to 2) that do not break a streak (docs/product.md, "Streaks"). */
  rest_days_per_week: number;
  /**
   * The app's language ('en' | 'de') and theme ('system' | 'light' | 'dark') the user chose, null
   * until they choose (migration 0008; docs/product.md, "Language and theme").
   */
  language: string | null;
  theme: string | null;
  created_at: string;
  updated_at: string;
  /** When an operator disabled the account's sign-in; null: it may sign in (migration 0018). */
  disabled_at: string | null;
}

interface PlatformInvitesTable {
  email_lower: string;
  invited_at: string;
  tier_id: string | null;
}

interface PushupsTable {
  uuid: string;
  user_uuid: string;
  count: number;
  /** The instant, ISO-8601 UTC. */
  date: string;
  /** `YYYY-MM-DD` in the zone of the user who logged (or last re-dated) the entry. */
  day: string;
  created_at: string;
  updated_at: string;
}

/** Running total per user, kept in the same transaction as every entry change. */
interface UserTotalsTable {
  user_uuid: string;
  total: number;
  updated_at: string;
  /**
   * 1: the user chose to be hidden from the global leaderboard (docs/product.md, "Leaderboard
   * visibility"); 0 (the default): shown. Only shown users are counted in rank_buckets.
   */
  hidden: Generated<number>;
  /**
   * Raised by every change of the user's day sums (migration 0010): members' day sums kept in memory
   * are valid while it stays the same.
   */
  revision: Generated<number>;
}

/**
 * A user's sum per day (the day each entry carries), kept in the same transaction as every entry
 * write; a day without push-ups has no row (docs/product.md, "Streaks", "Personal records").
 */
interface UserDaysTable {
  user_uuid: string;
  day: string;
  total: number;
}

/** An achievement a user earned (docs/product.md, "Achievements"): earned once, never taken back. */
export interface AchievementsTable {
  user_uuid: string;
  achievement_id: string;
  /** The instant of the write that earned it. */
  earned_at: string;
  /** When the app announced it; null: not yet. */
  seen_at: string | null;
}

/** How many users have a running total within each band of totals (the leaderboard's ranks). */
interface RankBucketsTable {
  bucket: number;
  users: number;
}

/**
 * One row (id 1): raised with every change to who may appear on the global leaderboard by their own
 * choice (hiding, showing, deleting the account), for the caches of every API process.
 */
interface LeaderboardPrivacyTable {
  id: number;
  version: number;
}

interface GroupsTable {
  id: string;
  name: string;
  name_lower: string;
  description: string | null;
  created_by: string | null;
  max_members: number;
  /** Kept in the same transaction as every membership change. */
  member_count: number;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_uuid: string;
  role: 'admin' | 'member';
  joined_at: string;
}

interface GroupJoinRequestsTable {
  id: string;
  group_id: string;
  user_uuid: string;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
  updated_at: string;
}

interface GroupInvitesTable {
  id: string;
  group_id: string;
  code: string;
  created_by: string;
  max_uses: number | null;
  uses: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

/** A user's daily reminder (docs/product.md, "Reminders"). */
interface RemindersTable {
  user_uuid: string;
  /** 0 or 1. */
  enabled: number;
  /** `HH:MM`, local. */
  time: string;
  /** Sorted digits, 0 = Sunday ... 6 = Saturday ('0123456'). */
  weekdays: string;
  /** IANA zone (from X-Timezone when saved). */
  time_zone: string;
  /** ISO instant; null while off. */
  next_due_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A browser's push subscription (a device that gets reminders). */
interface ReminderDevicesTable {
  id: string;
  user_uuid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A reminder claimed for a user's local day (sent once across API processes). */
interface ReminderSendsTable {
  user_uuid: string;
  day: string;
  sent_at: string;
  /** How many of the reminder's pushes failed (migration 0020; the operators' usage numbers). */
  failed_pushes: Generated<number>;
}

/**
 * A plan a user started (docs/product.md, "Training plans"; migration 0015). `settings` and `progress`
 * are JSON text (PlanSettings, PlanProgress of packages/shared), `status` the progress's status.
 */
interface PlansTable {
  id: string;
  user_uuid: string;
  status: 'active' | 'paused' | 'finished' | 'abandoned';
  settings: string;
  progress: string;
  /** 1: the members of the user's groups see it. */
  shared: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A placement test (the id is the device's). */
interface PlacementTestsTable {
  id: string;
  user_uuid: string;
  count: number;
  /** `YYYY-MM-DD` in the zone of the user who took it. */
  day: string;
  /** ISO instant. */
  taken_at: string;
}

/** A finished workout of a plan's session; its id is the uuid of the entry its total was logged as. */
interface WorkoutsTable {
  id: string;
  user_uuid: string;
  plan_id: string;
  session: number;
  day: string;
  /** The entry's instant. */
  date: string;
  /** Reps of each set, comma-separated ('12,10,8,8,15'). */
  sets: string;
  /** The sets' targets when it was done, comma-separated. */
  targets: string;
  total: number;
  /** What it did to the plan (PlanOutcomeKind). */
  outcome: string;
  created_at: string;
}

/** A group's challenge setting and the counter of its feed lines' places (migration 0016). */
interface GroupActivityTable {
  group_id: string;
  /** 1: members (not only admins) may create challenges. */
  members_may_create_challenges: Generated<number>;
  /** The place of the group's newest feed line. */
  feed_seq: Generated<number>;
}

/** A group challenge (docs/product.md, "Group challenges, cheers and the feed"). */
interface ChallengesTable {
  id: string;
  group_id: string;
  /** Null once the creator's account is deleted. */
  created_by: string | null;
  name: string;
  kind: 'race' | 'everyone' | 'together';
  /** N of 'everyone' and 'together'; null for a race. */
  target: number | null;
  min_per_day: number | null;
  start_day: string;
  end_day: string;
  /** When the start day begins in the earliest participant's zone. */
  starts_at: string;
  /** When the end day ends in the latest participant's zone: the result is fixed from then on. */
  ends_at: string;
  /** 1: the start was pushed. */
  start_pushed: Generated<number>;
  /** When the result was stored; null until then. */
  fixed_at: string | null;
  /** 1: the end was pushed. */
  end_pushed: Generated<number>;
  created_at: string;
}

interface ChallengeParticipantsTable {
  challenge_id: string;
  user_uuid: string;
  /** The zone the participant's days are counted in (X-Timezone when they joined). */
  time_zone: string;
  joined_at: string;
}

/** A fixed result: one row per participant when it was fixed; the user null once deleted. */
interface ChallengeResultsTable {
  challenge_id: string;
  place: number;
  user_uuid: string | null;
  total: number;
  rank: number;
  /** 1: reached N ('everyone'), won (a race), or helped reach N ('together'). */
  reached: number;
}

/** A cheer of a member's day (the receiver's day): one per giver, receiver and day. */
interface CheersTable {
  giver_uuid: string;
  receiver_uuid: string;
  day: string;
  at: string;
}

interface CheerSettingsTable {
  user_uuid: string;
  /** 1: a cheer pushes to the user's devices. */
  push: number;
}

/** A line of a group's feed, by its place (`seq`), which never changes. */
interface GroupFeedTable {
  group_id: string;
  seq: number;
  kind: 'day' | 'achievement' | 'challenge-created' | 'challenge-joined' | 'challenge-won' | 'member-joined';
  user_uuid: string;
  /** Makes a line once ('day:<user>:<day>'); null when none is needed. */
  line_key: string | null;
  day: string | null;
  achievement_id: string | null;
  /** Null once the challenge is deleted; its name stays. */
  challenge_id: string | null;
  challenge_name: string | null;
  at: string;
}

/** Accounts made operators by `npm run admin -- grant-admin` (migration 0017), by confirmed address. */
interface OperatorsTable {
  email_lower: string;
  granted_at: string;
}

/**
 * What operators did, and that accounts were deleted (migration 0017; docs/security.md, "Audit
 * trail"). Appended in the transaction of the action; only the retention pruning deletes a line.
 */
interface AuditLogTable {
  id: string;
  /** ISO-8601 UTC instant of the action. */
  at: string;
  /** Who: 'command line (<OS user>)', later an operator's email; 'account owner' for a deletion. */
  actor: string;
  /** From where: 'cli', later a client's address; 'app' for a user's own deletion. */
  source: string;
  /** What: invite, uninvite, tier, grant-admin, revoke-admin, restore, account-deleted. */
  action: string;
  /** What changed beyond the action's name (a tier's limits), or null. */
  detail: string | null;
}

/**
 * The target a line names (an email, '@username', a file), apart from the line: deleting an account
 * erases the targets that name it (its confirmed addresses, its username) and keeps the lines.
 */
interface AuditTargetsTable {
  line_id: string;
  target: string;
}

/** Who shows what on /u/<username> (migration 0019; docs/product.md, "Public profile"). Flags are 0 or 1. */
interface PublicProfilesTable {
  user_uuid: string;
  enabled: number;
  show_totals: number;
  show_streak: number;
  show_records: number;
  show_heatmap: number;
  show_achievements: number;
  /** The owner's IANA zone, as their app last sent it: the visitor sees the owner's days. */
  timezone: string;
  updated_at: string;
}

export interface Database {
  subscription_tiers: SubscriptionTiersTable;
  users: UsersTable;
  platform_invites: PlatformInvitesTable;
  pushups: PushupsTable;
  user_totals: UserTotalsTable;
  user_days: UserDaysTable;
  achievements: AchievementsTable;
  rank_buckets: RankBucketsTable;
  leaderboard_privacy: LeaderboardPrivacyTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_join_requests: GroupJoinRequestsTable;
  group_invites: GroupInvitesTable;
  reminders: RemindersTable;
  reminder_devices: ReminderDevicesTable;
  reminder_sends: ReminderSendsTable;
  plans: PlansTable;
  placement_tests: PlacementTestsTable;
  workouts: WorkoutsTable;
  group_activity: GroupActivityTable;
  challenges: ChallengesTable;
  challenge_participants: ChallengeParticipantsTable;
  challenge_results: ChallengeResultsTable;
  cheers: CheersTable;
  cheer_settings: CheerSettingsTable;
  group_feed: GroupFeedTable;
  operators: OperatorsTable;
  audit_log: AuditLogTable;
  audit_targets: AuditTargetsTable;
  public_profiles: PublicProfilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TierRow = Selectable<SubscriptionTiersTable>;
export type InviteRow = Selectable<PlatformInvitesTable>;
export type PushupRow = Selectable<PushupsTable>;
export type NewPushupRow = Insertable<PushupsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type JoinRequestRow = Selectable<GroupJoinRequestsTable>;
export type InviteLinkRow = Selectable<GroupInvitesTable>;
export type ReminderRow = Selectable<RemindersTable>;
export type NewReminderRow = Insertable<RemindersTable>;
export type ReminderDeviceRow = Selectable<ReminderDevicesTable>;
export type NewReminderDeviceRow = Insertable<ReminderDevicesTable>;
export type PlanRow = Selectable<PlansTable>;
export type NewPlanRow = Insertable<PlansTable>;
export type PlacementTestRow = Selectable<PlacementTestsTable>;
export type WorkoutRow = Selectable<WorkoutsTable>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type GroupFeedRow = Selectable<GroupFeedTable>;
