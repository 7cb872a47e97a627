import type { Migration } from 'kysely';
import { initial } from './0001_initial';
import { pushups } from './0002_pushups';
import { groups } from './0003_groups';
import { rankBuckets } from './0004_rank_buckets';
import { habits } from './0005_habits';
import { reminders } from './0006_reminders';
import { leaderboardVisibility } from './0007_leaderboard_visibility';
import { preferences } from './0008_preferences';
import { daySumsByUser } from './0009_day_sums_by_user';
import { daySumsRevision } from './0010_day_sums_revision';
import { daySumsInTheirKey } from './0011_day_sums_in_their_key';
import { runningTotalsVacuumedOften } from './0012_running_totals_vacuumed_often';
import { leaderboardPrivacyVersion } from './0013_leaderboard_privacy_version';
import { groupsBySize } from './0014_groups_by_size';
import { trainingPlans } from './0015_training_plans';
import { groupChallenges } from './0016_group_challenges';
import { operatorsAndAudit } from './0017_operators_and_audit';
import { disabledAccounts } from './0018_disabled_accounts';
import { publicProfiles } from './0019_public_profiles';
import { usageCounts } from './0020_usage_counts';

/**
 * Every migration, in order. Names sort lexically (Kysely applies them in name order), so new
 * ones get the next number. In code instead of a folder glob so tsx and bundlers need no file access.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_pushups': pushups,
  '0003_groups': groups,
  '0004_rank_buckets': rankBuckets,
  '0005_habits': habits,
  '0006_reminders': reminders,
  '0007_leaderboard_visibility': leaderboardVisibility,
  '0008_preferences': preferences,
  '0009_day_sums_by_user': daySumsByUser,
  '0010_day_sums_revision': daySumsRevision,
  '0011_day_sums_in_their_key': daySumsInTheirKey,
  '0012_running_totals_vacuumed_often': runningTotalsVacuumedOften,
  '0013_leaderboard_privacy_version': leaderboardPrivacyVersion,
  '0014_groups_by_size': groupsBySize,
  '0015_training_plans': trainingPlans,
  '0016_group_challenges': groupChallenges,
  '0017_operators_and_audit': operatorsAndAudit,
  '0018_disabled_accounts': disabledAccounts,
  '0019_public_profiles': publicProfiles,
  '0020_usage_counts': usageCounts,
};
