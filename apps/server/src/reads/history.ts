import { type AchievementStatus, dayInZone, type Records, type Streak } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { userNotFound } from '../errors/user-not-found';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { HabitsHistory, HabitsStanding } from '../repositories/habits.repository';
import { achievementStatuses } from '../services/habits/achievement-status';
import { recordsOf, streakOf } from '../services/habits/streaks';
import { VersionedCache } from './versioned-cache';

/** What the streak, records and achievements pages compute from a user's whole history. */
interface HistoryFacts {
  /** For one today and number of rest days, both in it. */
  streak: Streak;
  records: Records;
}

/**
 * Whose history, on whose today: the caller's, or a public profile's owner in the owner's zone
 * (reads/public-profile.ts).
 */
export type HistorySubject = Pick<AuthContext, 'userUuid' | 'timezone'>;

/** How many users' history facts a process caches (a few hundred bytes each). */
const HISTORY_FACTS_CACHED = 20_000;

/**
 * GET /api/users/streak, /records and /achievements (docs/product.md, "Streaks", "Personal records",
 * "Achievements"; services/streaks.ts has the calendar arithmetic). What they compute from the
 * caller's days is cached at the revision of the caller's day sums (STALENESS.versioned): each read
 * is one statement for the caller's profile and standing, which leaves the days out while their
 * revision is the cached one.
 */
export class HistoryRead {
  private readonly facts: VersionedCache<HistoryFacts>;

  constructor(
    private readonly repos: Repositories,
    counter: CacheCounter,
  ) {
    this.facts = new VersionedCache<HistoryFacts>(HISTORY_FACTS_CACHED, () => 1, counter);
  }

  async streak(auth: HistorySubject): Promise<Streak> {
    return (await this.historyFacts(auth, false)).facts.streak;
  }

  async records(auth: HistorySubject): Promise<Records> {
    return (await this.historyFacts(auth, false)).facts.records;
  }

  async achievements(auth: HistorySubject): Promise<AchievementStatus[]> {
    const { user, facts } = await this.historyFacts(auth, true);
    return achievementStatuses(user, facts, dayInZone(new Date(), auth.timezone));
  }

  /** The streak and records, and with `withAchievements` the achievements, from one statement. */
  async summary(
    subject: HistorySubject,
    withAchievements: boolean,
  ): Promise<HistoryFacts & { achievements: AchievementStatus[] }> {
    const { user, facts } = await this.historyFacts(subject, withAchievements);
    const achievements = withAchievements
      ? achievementStatuses(user, facts, dayInZone(new Date(), subject.timezone))
      : [];
    return { ...facts, achievements };
  }

  /**
   * The caller's profile and standing (with `withEarned`, their achievements), and the facts of their
   * whole history on their today: computed from their days when those changed since they were cached,
   * or when the cached facts are for another today or number of rest days.
   */
  private async historyFacts(
    auth: HistorySubject,
    withEarned: boolean,
  ): Promise<{ user: HabitsStanding; facts: HistoryFacts }> {
    const uuid = auth.userUuid;
    if (!uuid) throw userNotFound();
    const today = dayInZone(new Date(), auth.timezone);
    const cachedAt = this.facts.versionOf(uuid);
    if (cachedAt !== undefined) {
      const read = await this.repos.habits.historyUnlessAtRevision(uuid, cachedAt, withEarned);
      if (!read) throw userNotFound();
      if (read.daysRead) return { user: read, facts: this.computed(read, today) };
      const cached = this.facts.get(uuid, read.revision);
      const rest = read.rest_days_per_week;
      if (cached && cached.streak.today === today && cached.streak.restDaysPerWeek === rest) {
        this.facts.counter.hit();
        return { user: read, facts: cached };
      }
      // Cached for another today or number of rest days (or dropped meanwhile): the days after all.
    }
    const history = await this.repos.habits.historyOf(uuid, withEarned);
    if (!history) throw userNotFound();
    return { user: history, facts: this.computed(history, today) };
  }

  /** The facts of a history on `today`, cached at its revision. */
  private computed(history: HabitsHistory, today: string): HistoryFacts {
    this.facts.counter.miss();
    const facts: HistoryFacts = {
      streak: streakOf(history.days, history.rest_days_per_week, today),
      records: recordsOf(history.days, history.total),
    };
    this.facts.set(history.uuid, history.revision, facts);
    return facts;
  }
}
