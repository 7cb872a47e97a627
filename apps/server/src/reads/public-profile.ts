import { ACHIEVEMENTS, addDays, dayInZone, type PublicProfile } from '@pushup/shared';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { PublicProfileOwner } from '../repositories/public-profiles.repository';
import { recordsOf, streakOf } from '../services/habits/streaks';
import { VersionedCache } from './versioned-cache';

/** A name a user can hold (docs/product.md, "Validation"): anything else is no one's, unread. */
const POSSIBLE_USERNAME = /^[A-Za-z0-9_-]{3,30}$/;

/**
 * The heatmap's days: the 12 months up to the owner's today start at most 365 days before it (the
 * day after the same date a year earlier; the web app's grid drops a day it does not show).
 */
const HEATMAP_DAYS_BEFORE_TODAY = 365;

/**
 * How much answer JSON a process caches, in characters (bytes: the JSON is ASCII but for usernames,
 * which are too): 24 MB, about 6,000 profiles that show a year of daily entries, far more of lighter
 * ones (docs/performance.md, "The public profile").
 */
const ANSWER_CHARACTERS_CACHED = 24 * 1024 * 1024;

/**
 * GET /api/public/profiles/{username} (docs/product.md, "Public profile"), and what the link
 * previews of /u/<username> show: the parts of a public profile its owner chose, computed as the
 * owner's own pages compute them (services/habits/streaks.ts), in the owner's zone.
 *
 * Whether the profile is public, and which parts it shows, are read with the owner on every call
 * (one statement through the username's key) and never cached, so turning it off takes effect at
 * once in every API process. The answer itself is cached per owner (STALENESS.versioned) under the
 * revision of their day sums, and for the same count of achievements, rest days, parts, name, zone
 * and today: anything it is computed from.
 */
export class PublicProfileRead {
  private readonly answers: VersionedCache<string>;

  constructor(
    private readonly repos: Repositories,
    counter?: CacheCounter,
  ) {
    this.answers = new VersionedCache<string>(ANSWER_CHARACTERS_CACHED, (json) => json.length, counter);
  }

  /** The public profile at this name (any case), or null when no one holds it or it is private. */
  async read(username: string): Promise<PublicProfile | null> {
    const json = await this.json(username);
    return json === null ? null : (JSON.parse(json) as PublicProfile);
  }

  /** read's answer as JSON, as the call sends it (GET /api/public/profiles/:username). */
  async json(username: string): Promise<string | null> {
    if (!POSSIBLE_USERNAME.test(username)) return null;
    const owner = await this.repos.publicProfiles.ownerByUsername(username);
    const profile = owner?.profile;
    if (!owner || !profile || profile.enabled !== 1) return null;
    const today = dayInZone(new Date(), profile.timezone);
    const variant = [
      owner.username,
      owner.earned,
      owner.rest_days_per_week,
      profile.timezone,
      today,
      profile.show_totals,
      profile.show_streak,
      profile.show_records,
      profile.show_heatmap,
      profile.show_achievements,
    ].join('|');
    const cached = this.answers.get(owner.uuid, owner.revision, variant);
    if (cached) {
      this.answers.counter.hit();
      return cached;
    }
    this.answers.counter.miss();
    const json = JSON.stringify(await this.compute(owner, profile, today));
    this.answers.set(owner.uuid, owner.revision, json, variant);
    return json;
  }

  /**
   * The chosen parts from one statement of the owner's whole history (the streak and records
   * computed as the owner's own pages compute them, services/habits/streaks.ts), on their today.
   */
  private async compute(
    owner: PublicProfileOwner,
    profile: NonNullable<PublicProfileOwner['profile']>,
    today: string,
  ): Promise<PublicProfile> {
    const answer: PublicProfile = { username: owner.username };
    const history = await this.repos.habits.historyOf(owner.uuid, profile.show_achievements === 1);
    if (!history) return answer;
    const { days } = history;
    if (profile.show_totals === 1 || profile.show_records === 1) {
      const records = recordsOf(days, history.total);
      if (profile.show_totals === 1) answer.totals = { total: records.total, activeDays: records.activeDays };
      if (profile.show_records === 1) {
        const { bestDay, bestWeek, bestMonth } = records;
        answer.records = { bestDay, bestWeek, bestMonth };
      }
    }
    if (profile.show_streak === 1) {
      const { current, longest } = streakOf(days, history.rest_days_per_week, today);
      answer.streak = { current, longest };
    }
    if (profile.show_heatmap === 1) {
      const from = addDays(today, -HEATMAP_DAYS_BEFORE_TODAY);
      answer.heatmap = {
        today,
        days: days.filter(({ day }) => day >= from && day <= today).map(({ day, total }) => ({ day, total })),
      };
    }
    if (profile.show_achievements === 1) {
      const earned = new Map(history.earned.map((row) => [row.achievement_id, row.earned_at]));
      answer.achievements = ACHIEVEMENTS.flatMap(({ id }) => {
        const earnedAt = earned.get(id);
        return earnedAt === undefined ? [] : [{ id, earnedAt }];
      });
    }
    return answer;
  }
}
