import type { PlanState } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { Repositories } from '../repositories';
import { PlansService } from '../services/plans/plans.service';
import { SerializedBody } from './serialized-body';

/**
 * GET /api/plan (docs/product.md, "Training plans: calls"): read afresh on every call, nothing
 * cached, but serialized as it is: the contract's runtime check of its six weeks of calendar cost
 * more than reading them (docs/performance.md, "Training plans"). The tests check every answer
 * against the contract (test/contract-answers.ts).
 */
export class PlanStateRead {
  private readonly plans: PlansService;

  constructor(repos: Repositories) {
    this.plans = new PlansService(repos);
  }

  async planState(auth: AuthContext): Promise<SerializedBody<PlanState>> {
    return SerializedBody.of(await this.plans.state(auth));
  }
}
