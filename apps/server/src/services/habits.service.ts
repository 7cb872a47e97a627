import {
  ACHIEVEMENTS,
  type AchievementId,
  type AchievementStatus,
  type AchievementsSeenBody,
  dayInZone,
  type GroupAchievements,
  MESSAGES,
  type Records,
  type Streak,
  type UpdateSettingsBody,
  type UserSettings,
} from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import type { UserPreferences } from '../repositories/users.repository';
import { earnStreaksOfHistory, goalReached } from './earning';
import { keptMembersFor, keptStanding } from './group-access';
import { knownPreferences } from './preferences';
import { RevisionCache } from './revision-cache';
import { SerializedAnswer } from './serialized-answer';
import { currentStreak, recordsOf, streakOf } from './streaks';

const userNotFound = () => new AppError('USER_NOT_FOUND', MESSAGES.serverUserNotFound);

/** Each achievement's place in the catalogue. */
const CATALOGUE_INDEX = new Map<string, number>(ACHIEVEMENTS.map((a, i) => [a.id, i]));
/** Newest first; ties in the instant go to the later one in the catalogue. */
function newestFirst(a: { id: string; earnedAt: string }, b: { id: string; earnedAt: string }): number {
  if (a.earnedAt !== b.earnedAt) return a.earnedAt < b.earnedAt ? 1 : -1;
  return (CATALOGUE_INDEX.get(b.id) ?? 0) - (CATALOGUE_INDEX.get(a.id) ?? 0);
}
/**
 * What the streak, records and achievements pages compute from a user's whole history; the streak
 * for one day and number of rest days (both in it).
 */
interface HistoryFacts {
  streak: Streak;
  records: Records;
}
/** How many users' history facts a process keeps (a few hundred bytes each). */
const HISTORY_FACTS_KEPT = 20_000;
/** How many members' latest achievements a process keeps (a few hundred bytes each). */
const LATEST_EARNED_KEPT = 20_000;

/** How many of each member's achievements a group shows (docs/product.md, "Achievements"). */
export const GROUP_LATEST_ACHIEVEMENTS = 3;

/**
 * A member's latest achievements as the group's answer sends them, from all they have earned as the
 * database writes it (`[[id, earned_at], ...]`); ids no longer in the catalogue are left out.
 */
function latestEarnedJson(earnedJson: string): string {
  const earned = (JSON.parse(earnedJson) as [string, string][])
    .filter(([id]) => CATALOGUE_INDEX.has(id))
    .map(([id, earnedAt]) => ({ id: id as AchievementId, earnedAt }));
  return JSON.stringify(earned.sort(newestFirst).slice(0, GROUP_LATEST_ACHIEVEMENTS));
}

/** The settings answer of a profile's row and its leaderboard visibility. */
function settingsOf(user: UserPreferences, hidden: boolean): UserSettings {
  return { restDaysPerWeek: user.rest_days_per_week, showOnLeaderboard: !hidden, ...knownPreferences(user) };
}

/**
 * A user's current streak in days at `now` in their zone: what a reminder says (the reminders'
 * StreakSource). 0 without a profile or a streak.
 */
export async function currentStreakDays(
  repos: Repositories,
  userUuid: string,
  timeZone: string,
  now: number,
): Promise<number> {
  const user = await repos.habits.historyOf(userUuid);
  if (!user) return 0;
  const today = dayInZone(new Date(now), timeZone);
  return currentStreak(user.days, user.rest_days_per_week, today).current;
}

/**
 * Streaks, personal records, achievements and the settings they follow (docs/product.md,
 * "Streaks", "Personal records", "Achievements"). Every read costs the caller's own days (user_days),
 * never everyone's; achievements are earned by the writes (earning.ts), never by a read.
 */
export class HabitsService {
  /** Each user's history facts at the revision of their day sums (issue 19). */
  private readonly facts = new RevisionCache<HistoryFacts>(HISTORY_FACTS_KEPT, () => 1);
  /** Each group member's latest achievements as JSON, at the count of what they have earned. */
  private readonly latestEarned = new RevisionCache<string>(LATEST_EARNED_KEPT, () => 1);

  constructor(private readonly repos: Repositories) {}

  private async profile(auth: AuthContext) {
    const user = auth.userUuid ? await this.repos.users.habitsOf(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    return user;
  }

  /**
   * The caller's profile with their standing, and the streak and records of their whole history on
   * their today, in one statement: the days are read only when they changed since this process
   * computed the facts from them (their revision moved, issue 19), or when the facts were computed
   * for another today or another number of rest days.
   */
  private async historyFacts(auth: AuthContext, withEarned = false) {
    const uuid = auth.userUuid;
    if (!uuid) throw userNotFound();
    const today = dayInZone(new Date(), auth.timezone);
    let user = await this.repos.habits.historyUnlessAt(uuid, this.facts.revisionOf(uuid), withEarned);
    if (!user) throw userNotFound();
    const rest = user.rest_days_per_week;
    if (user.days === null) {
      const kept = this.facts.get(uuid, user.revision);
      if (kept && kept.streak.today === today && kept.streak.restDaysPerWeek === rest)
        return { user, facts: kept };
      // Kept for another day or number of rest days (or let go meanwhile): the days after all.
      user = await this.repos.habits.historyOf(uuid, withEarned);
      if (!user) throw userNotFound();
    }
    const days = user.days ?? [];
    const facts: HistoryFacts = {
      streak: streakOf(days, user.rest_days_per_week, today),
      records: recordsOf(days, user.total),
    };
    this.facts.set(uuid, user.revision, facts);
    return { user, facts };
  }

  async streak(auth: AuthContext): Promise<Streak> {
    return (await this.historyFacts(auth)).facts.streak;
  }

  async records(auth: AuthContext): Promise<Records> {
    return (await this.historyFacts(auth)).facts.records;
  }

  /**
   * Every achievement in the catalogue's order: when it was earned and whether it is still to be
   * announced, and the measure it asks for now (capped at its target; the target once earned).
   */
  async achievements(auth: AuthContext): Promise<AchievementStatus[]> {
    const { user, facts } = await this.historyFacts(auth, true);
    const earned = new Map(user.earned.map((row) => [row.achievement_id, row]));
    const today = dayInZone(new Date(), auth.timezone);
    const measure: Record<(typeof ACHIEVEMENTS)[number]['kind'], number> = {
      total: user.total,
      day: facts.records.bestDay?.total ?? 0,
      streak: facts.streak.longest,
      goal: goalReached(user, user.total, today) ? 1 : 0,
      group: user.in_group ? 1 : 0,
    };
    return ACHIEVEMENTS.map((a) => {
      const row = earned.get(a.id);
      return {
        id: a.id,
        earnedAt: row?.earned_at ?? null,
        unseen: row !== undefined && row.seen_at === null,
        progress: row ? a.target : Math.min(measure[a.kind], a.target),
        target: a.target,
      };
    });
  }

  /** The app announced these: they are no longer unseen. Ids not earned are ignored. */
  async markSeen(auth: AuthContext, body: AchievementsSeenBody): Promise<void> {
    const user = await this.profile(auth);
    await this.repos.habits.markSeen(user.uuid, body.ids, new Date().toISOString());
  }

  /**
   * Members only: each member's latest achievements, newest first, at most
   * GROUP_LATEST_ACHIEVEMENTS; members in the group's order (longest-standing first).
   */
  async groupAchievements(auth: AuthContext, groupId: string): Promise<SerializedAnswer<GroupAchievements>> {
    // Kept for a short time; the caller's own membership and count are read every time.
    const members = await keptMembersFor(
      this.repos,
      auth,
      groupId,
      keptStanding(this.repos),
      (userUuid) => this.repos.memberships.memberEarnedCount(groupId, userUuid),
      (m) => m.earned_count,
    );
    // Each member's latest as JSON, kept under the count of what they have earned (never taken
    // back, so a new achievement changes it): only members who earned something since are read.
    const latest = await this.latestEarned.getOrLoad(
      members.map((m) => ({ user_uuid: m.user_uuid, revision: m.earned_count })),
      '',
      async (userUuids) => {
        const earned = await this.repos.habits.earnedJsonOfUsers(userUuids);
        return new Map([...earned].map(([uuid, json]) => [uuid, latestEarnedJson(json)]));
      },
      '[]',
    );
    // Written here, without the runtime answer check: built from the catalogue's own ids and the
    // database's rows, and held to the schema by its test (issue 19).
    let json = '[';
    members.forEach((m, i) => {
      json += `${i === 0 ? '' : ','}{"uuid":${JSON.stringify(m.user_uuid)},"username":${JSON.stringify(m.username)},"latest":${latest[i] ?? '[]'}}`;
    });
    return new SerializedAnswer(`${json}]`);
  }

  async settings(auth: AuthContext): Promise<UserSettings> {
    const user = auth.userUuid ? await this.repos.users.preferencesOf(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    const hidden = await this.repos.pushups.isHidden(user.uuid);
    return settingsOf(user, hidden);
  }

  /**
   * Changes the settings sent. More rest days can join runs into a longer streak: the streaks the
   * whole history now reaches are earned in the same transaction (docs/product.md, "Achievements").
   * Hiding from the leaderboard or showing again moves the user out of or into the rank bands in the
   * same transaction (docs/product.md, "Leaderboard visibility"). Language and theme are kept in the
   * profile, so that they follow the user to another device (docs/product.md, "Language and theme").
   */
  async updateSettings(auth: AuthContext, body: UpdateSettingsBody): Promise<UserSettings> {
    const now = new Date().toISOString();
    return this.repos.transaction(async (repos) => {
      const user = await repos.users.lockWithHabits(auth.uid);
      if (!user) throw userNotFound();
      const restDaysPerWeek = body.restDaysPerWeek ?? user.rest_days_per_week;
      await repos.users.update(user.uuid, {
        rest_days_per_week: restDaysPerWeek,
        ...(body.language === undefined ? {} : { language: body.language }),
        ...(body.theme === undefined ? {} : { theme: body.theme }),
        updated_at: now,
      });
      if (restDaysPerWeek > user.rest_days_per_week) {
        await earnStreaksOfHistory(repos, user.uuid, restDaysPerWeek, now);
      }
      if (body.showOnLeaderboard !== undefined) {
        await repos.pushups.setHidden(user.uuid, !body.showOnLeaderboard, now);
      }
      const [saved, hidden] = await Promise.all([
        repos.users.preferencesOf(user.uuid),
        repos.pushups.isHidden(user.uuid),
      ]);
      if (!saved) throw userNotFound();
      return settingsOf(saved, hidden);
    });
  }
}
