import { addDays, dayInZone } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { userNotFound } from '../errors/user-not-found';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { PictureOwner } from '../repositories/users.repository';
import type { ProgressFacts } from '../services/share-cards/progress-card';
import type { HistoryRead } from './history';
import { VersionedCache } from './versioned-cache';

/** How many users' progress facts a process caches (a few hundred bytes each). */
const PROGRESS_FACTS_CACHED = 10_000;

/**
 * What the caller's progress picture shows (GET /api/share-cards/progress; docs/product.md, "Share
 * pictures"): cached at the revision of the caller's day sums (STALENESS.versioned) for the same
 * today, period, name, goal and rest days. A request whose picture is already drawn costs one
 * statement (the owner's row and revision), which names the picture with the facts cached here; a
 * changed revision reads the streak, records and the week's day sums again
 * (docs/performance.md, "Share pictures").
 */
export class ProgressPictureRead {
  private readonly facts: VersionedCache<ProgressFacts>;

  constructor(
    private readonly repos: Repositories,
    private readonly history: HistoryRead,
    counter: CacheCounter,
  ) {
    this.facts = new VersionedCache<ProgressFacts>(PROGRESS_FACTS_CACHED, () => 1, counter);
  }

  /** The caller's row as the picture uses it (language, theme) and what the picture shows. */
  async progress(
    auth: AuthContext,
    period: ProgressFacts['period'],
  ): Promise<{ owner: PictureOwner; facts: ProgressFacts }> {
    const uuid = auth.userUuid;
    if (!uuid) throw userNotFound();
    const owner = await this.repos.users.pictureOwnerOf(uuid);
    if (!owner) throw userNotFound();
    const today = dayInZone(new Date(), auth.timezone);
    const variant = JSON.stringify([
      today,
      period,
      owner.username,
      owner.personal_goal,
      owner.rest_days_per_week,
    ]);
    const cached = this.facts.get(uuid, owner.revision, variant);
    if (cached) {
      this.facts.counter.hit();
      return { owner, facts: cached };
    }
    this.facts.counter.miss();
    // The streak and records from one statement (cached by their own read), and the week's day sums.
    const [{ streak, records }, sums] = await Promise.all([
      this.history.summary(auth, false),
      this.repos.habits.daysOf(uuid, { from: addDays(today, -6), to: today }),
    ]);
    const byDay = new Map(sums.map((d) => [d.day, d.total]));
    const days = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(today, i - 6);
      return { day, total: byDay.get(day) ?? 0 };
    });
    const facts: ProgressFacts = {
      period,
      username: owner.username,
      count: period === 'day' ? (byDay.get(today) ?? 0) : days.reduce((sum, d) => sum + d.total, 0),
      days: period === 'week' ? days : [],
      streak: streak.current,
      goal: owner.personal_goal ? { done: records.total, target: owner.personal_goal } : null,
    };
    // Cached at the revision read first: facts read at a later one are at least as new.
    this.facts.set(uuid, owner.revision, facts, variant);
    return { owner, facts };
  }
}
