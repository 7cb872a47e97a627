import { addDays, type DailyTotal, dayInZone, type PublicProfile } from '@pushup/shared';
import type { Repositories } from '../repositories';
import type { HistoryRead } from './history';

/** A name a user can hold (docs/product.md, "Validation"): anything else is no one's, unread. */
const POSSIBLE_USERNAME = /^[A-Za-z0-9_-]{3,30}$/;

/**
 * The heatmap's days: the 12 months up to the owner's today start at most 365 days before it (the
 * day after the same date a year earlier; the web app's grid drops a day it does not show).
 */
const HEATMAP_DAYS_BEFORE_TODAY = 365;

/**
 * GET /api/public/profiles/{username} (docs/product.md, "Public profile"), and what the link
 * previews of /u/<username> show: the parts of a public profile its owner chose, computed as the
 * owner's own pages compute them (reads/history.ts, reads/daily-sums.ts), in the owner's zone.
 *
 * Whether the profile is public is read with the owner on every call and never cached, so turning
 * it off takes effect at once in every API process; what is computed from the owner's days is cached
 * only by their revision (STALENESS.versioned).
 */
export class PublicProfileRead {
  constructor(
    private readonly repos: Repositories,
    private readonly history: HistoryRead,
  ) {}

  /** The public profile at this name (any case), or null when no one holds it or it is private. */
  async read(username: string): Promise<PublicProfile | null> {
    if (!POSSIBLE_USERNAME.test(username)) return null;
    const owner = await this.repos.publicProfiles.ownerByUsername(username);
    const profile = owner?.profile;
    if (!owner || !profile || profile.enabled !== 1) return null;
    const subject = { userUuid: owner.uuid, timezone: profile.timezone };
    const answer: PublicProfile = { username: owner.username };

    const fromHistory =
      profile.show_totals === 1 ||
      profile.show_streak === 1 ||
      profile.show_records === 1 ||
      profile.show_achievements === 1;
    const [summary, days] = await Promise.all([
      fromHistory ? this.history.summary(subject, profile.show_achievements === 1) : null,
      profile.show_heatmap === 1 ? this.heatmapDays(owner.uuid, profile.timezone) : null,
    ]);
    if (summary && profile.show_totals === 1) {
      answer.totals = { total: summary.records.total, activeDays: summary.records.activeDays };
    }
    if (summary && profile.show_streak === 1) {
      answer.streak = { current: summary.streak.current, longest: summary.streak.longest };
    }
    if (summary && profile.show_records === 1) {
      const { bestDay, bestWeek, bestMonth } = summary.records;
      answer.records = { bestDay, bestWeek, bestMonth };
    }
    if (days) answer.heatmap = days;
    if (summary && profile.show_achievements === 1) {
      answer.achievements = summary.achievements.flatMap(({ id, earnedAt }) =>
        earnedAt === null ? [] : [{ id, earnedAt }],
      );
    }
    return answer;
  }

  private async heatmapDays(
    userUuid: string,
    timezone: string,
  ): Promise<{ today: string; days: DailyTotal[] }> {
    const today = dayInZone(new Date(), timezone);
    const from = addDays(today, -HEATMAP_DAYS_BEFORE_TODAY);
    const json = await this.repos.pushups.dailyTotalsJson(userUuid, from, today);
    return { today, days: JSON.parse(json) as DailyTotal[] };
  }
}
