import type { Repositories } from '../../repositories';
import { pruneAuditTrail } from './audit-trail';

const DAY_MS = 86_400_000;

/**
 * Keeps the audit trail to AUDIT_RETENTION_DAYS. Rides on the reminder loop (decision 020): its first
 * tick after the start prunes, then at most one tick a day does. Pruning is one indexed delete; every
 * process that runs the loop may prune, and a second prune finds nothing left to delete.
 */
export class AuditRetention {
  private lastPruneAt: number | undefined;

  constructor(
    private readonly repos: Pick<Repositories, 'audit'>,
    private readonly retentionDays: number,
    private readonly clock: () => number,
  ) {}

  /** How many lines this tick pruned (0 when it was not yet due). */
  async tick(): Promise<number> {
    const now = this.clock();
    if (this.lastPruneAt !== undefined && now - this.lastPruneAt < DAY_MS) return 0;
    this.lastPruneAt = now;
    return pruneAuditTrail(this.repos, this.retentionDays, now);
  }
}
