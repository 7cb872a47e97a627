import { addDays, type DailyTotal, type DayRangeQuery, dayInZone } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { Repositories } from '../repositories';
import { SerializedBody } from './serialized-body';

/** GET /api/pushups/daily without `from`: this many days up to `to` (the wide bar chart). */
const DAILY_DEFAULT_DAYS = 30;

/**
 * GET /api/pushups/daily: the caller's sum per day with entries, oldest first; `to` defaults to today
 * in the caller's zone, `from` to 29 days before `to`. Days are the stored ones (the logger's zone),
 * so this is a range of the caller's user_days rows. Read afresh on every call, nothing cached, but
 * as the JSON the database writes: the year heatmap's 365 days as row objects serialized by the
 * contract cost twice the 30 days' time (docs/performance.md, "The year heatmap's days"). The tests
 * check every answer against the contract (test/contract-answers.ts).
 */
export class DailySumsRead {
  constructor(private readonly repos: Repositories) {}

  async daily(auth: AuthContext, query: DayRangeQuery): Promise<SerializedBody<DailyTotal[]>> {
    const to = query.to ?? dayInZone(new Date(), auth.timezone);
    const from = query.from ?? addDays(to, -(DAILY_DEFAULT_DAYS - 1));
    if (from > to || !auth.userUuid) return SerializedBody.of([]);
    return SerializedBody.ofParts([await this.repos.pushups.dailyTotalsJson(auth.userUuid, from, to)]);
  }
}
