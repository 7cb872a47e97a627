import type { Repositories } from '../../repositories';
import type { Clock, ReminderLog } from '../reminders/reminder-context';
import { fixResultIfDue } from './challenge-results';
import type { GroupPush } from './group-push';

/** Challenges handled per kind of work and tick at most (a tick never loops for ever). */
const TICK_BATCH = 200;

/** What one tick did (logged, and read by the tests). */
export interface ChallengeTickReport {
  fixed: number;
  startsPushed: number;
  endsPushed: number;
}

/**
 * The challenges' part of the reminder loop's tick (docs/product.md, "Group challenges, cheers and the
 * feed"): fixes the results whose end has passed in every participant's zone (a read after the end
 * does it too, whichever comes first), then pushes each start and each end once across processes
 * (claimed by a conditional update before the pushes go out).
 */
export class ChallengeTick {
  /** `push` null: this server sends no pushes; results are still fixed. */
  constructor(
    private readonly repos: Repositories,
    private readonly push: GroupPush | null,
    private readonly clock: Clock,
    private readonly log: ReminderLog,
  ) {}

  async tick(): Promise<ChallengeTickReport> {
    const report: ChallengeTickReport = { fixed: 0, startsPushed: 0, endsPushed: 0 };
    const now = new Date(this.clock()).toISOString();
    for (const due of await this.repos.challenges.dueToFix(now, TICK_BATCH)) {
      if (await fixResultIfDue(this.repos, due.id, now)) report.fixed += 1;
    }
    for (const challenge of await this.repos.challenges.dueToStart(now, TICK_BATCH)) {
      // A challenge already over when first seen (no process ran) has no start to announce.
      if (!(await this.repos.challenges.claimStartPush(challenge.id)) || challenge.fixed_at !== null)
        continue;
      if (this.push) await this.push.challenge(challenge, 'start');
      report.startsPushed += 1;
    }
    for (const challenge of await this.repos.challenges.dueToAnnounceEnd(TICK_BATCH)) {
      if (!(await this.repos.challenges.claimEndPush(challenge.id))) continue;
      if (this.push) await this.push.challenge(challenge, 'end');
      report.endsPushed += 1;
    }
    if (report.fixed + report.startsPushed + report.endsPushed > 0)
      this.log.info({ challenges: report }, 'challenges tick');
    return report;
  }
}
