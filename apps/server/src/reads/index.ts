import { type AppMetrics, UNCOUNTED } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { type Clock, systemClock } from '../services/reminders/reminder-context';
import { ChallengePageRead } from './challenge-page';
import { DailySumsRead } from './daily-sums';
import { GroupAchievementsRead } from './group-achievements';
import { GroupFeedRead } from './group-feed';
import { GroupMemberDaysRead } from './group-member-days';
import { GroupMembersCache } from './group-members';
import { GroupStatsRead } from './group-stats';
import { HistoryRead } from './history';
import { LeaderboardRead } from './leaderboard';
import { PlanStateRead } from './plan-state';
import { ProgressPictureRead } from './progress-picture';
import { PublicProfileRead } from './public-profile';
import type { FinishedTransactions } from './short-lived-cache';

/**
 * The reads served from caches of this process (docs/ARCHITECTURE.md, "Read caches"): every cached
 * value of the server, its invalidation rule and every response serialized in advance live here.
 * One set per API process, built by app.ts.
 */
export interface Reads {
  dailySums: DailySumsRead;
  leaderboard: LeaderboardRead;
  groupStats: GroupStatsRead;
  groupMemberDays: GroupMemberDaysRead;
  groupAchievements: GroupAchievementsRead;
  history: HistoryRead;
  planState: PlanStateRead;
  challengePage: ChallengePageRead;
  groupFeed: GroupFeedRead;
  publicProfile: PublicProfileRead;
  progressPicture: ProgressPictureRead;
}

export function createReads(
  repos: Repositories,
  transactions: FinishedTransactions,
  clock: Clock = systemClock,
  metrics?: AppMetrics,
): Reads {
  // Each cache's hits and misses, by its name (docs/operations.md, "Metrics").
  const counter = (cache: string) => metrics?.cache(cache) ?? UNCOUNTED;
  // One cached member list per group, shared by the three group pages.
  const members = new GroupMembersCache(repos, transactions, counter('group_members'));
  const history = new HistoryRead(repos, counter('history_facts'));
  return {
    dailySums: new DailySumsRead(repos),
    leaderboard: new LeaderboardRead(repos, transactions, counter('leaderboard_top')),
    groupStats: new GroupStatsRead(repos, members, counter('group_member_sums')),
    groupMemberDays: new GroupMemberDaysRead(repos, members, counter('group_member_days')),
    groupAchievements: new GroupAchievementsRead(repos, members, counter('group_achievements')),
    history,
    planState: new PlanStateRead(repos, counter('plan_states')),
    challengePage: new ChallengePageRead(repos, transactions, clock, counter),
    groupFeed: new GroupFeedRead(repos, transactions, counter('group_feed')),
    publicProfile: new PublicProfileRead(repos, counter('public_profiles')),
    progressPicture: new ProgressPictureRead(repos, history, counter('progress_pictures')),
  };
}
