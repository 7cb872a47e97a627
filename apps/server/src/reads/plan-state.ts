import { dayInZone, type PlanState } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { userNotFound } from '../errors/user-not-found';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { PlansService } from '../services/plans/plans.service';
import { SerializedBody } from './serialized-body';
import { VersionedCache } from './versioned-cache';

/** How many bytes of answers a process caches (a six-week calendar: about 2.5 KB each). */
const PLAN_STATE_BYTES_CACHED = 24 * 1024 * 1024;

/**
 * GET /api/plan (docs/product.md, "Training plans: calls"), serialized as it is: the contract's
 * runtime check of its six weeks of calendar cost more than reading them (docs/performance.md,
 * "Training plans"). The answer is cached at the version of the rows it is computed from
 * (STALENESS.versioned: the day sums' revision, and as its variant the caller's today with the
 * newest plan's and test's columns that writes change), which one statement reads on every call; a
 * changed version reads the plan, the test and the calendar's workouts again. The tests check every
 * answer against the contract (test/contract-answers.ts).
 */
export class PlanStateRead {
  private readonly plans: PlansService;
  private readonly answers: VersionedCache<SerializedBody<PlanState>>;

  constructor(
    private readonly repos: Repositories,
    counter: CacheCounter,
  ) {
    this.plans = new PlansService(repos);
    this.answers = new VersionedCache<SerializedBody<PlanState>>(
      PLAN_STATE_BYTES_CACHED,
      (answer) => answer.json.length,
      counter,
    );
  }

  async planState(auth: AuthContext): Promise<SerializedBody<PlanState>> {
    const uuid = auth.userUuid;
    if (!uuid) throw userNotFound();
    const version = await this.repos.plans.stateVersionOf(uuid);
    if (!version) throw userNotFound();
    const today = dayInZone(new Date(), auth.timezone);
    const variant = `${today} ${version.rest}`;
    const cached = this.answers.get(uuid, version.revision, variant);
    if (cached) {
      this.answers.counter.hit();
      return cached;
    }
    this.answers.counter.miss();
    const answer = SerializedBody.of(await this.plans.state(uuid, today));
    // Cached at the version read first: an answer read at a later one is at least as new.
    this.answers.set(uuid, version.revision, answer, variant);
    return answer;
  }
}
