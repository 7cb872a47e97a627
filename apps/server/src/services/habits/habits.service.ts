import {
  type AchievementsSeenBody,
  dayInZone,
  type UpdateSettingsBody,
  type UserSettings,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import type { UserPreferences } from '../../repositories/users.repository';
import { knownPreferences } from '../users/preferences';
import { earnStreaksOfHistory } from './earning';
import { currentStreak } from './streaks';

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
 * What the user does with their achievements and the settings their habits follow (docs/product.md,
 * "Streaks", "Achievements"). The streak, records and achievements are cached reads
 * (reads/history.ts); achievements are earned by the writes (earning.ts), never by a read.
 */
export class HabitsService {
  constructor(private readonly repos: Repositories) {}

  private async profile(auth: AuthContext) {
    const user = auth.userUuid ? await this.repos.users.habitsOf(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    return user;
  }

  /** The app announced these: they are no longer unseen. Ids not earned are ignored. */
  async markSeen(auth: AuthContext, body: AchievementsSeenBody): Promise<void> {
    const user = await this.profile(auth);
    await this.repos.habits.markSeen(user.uuid, body.ids, new Date().toISOString());
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
