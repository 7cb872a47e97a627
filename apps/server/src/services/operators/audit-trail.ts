import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';
import type { AuditLine } from '../../repositories/audit.repository';

/** What the trail records (docs/security.md, "Audit trail"). Reads (list, backup, audit) are not actions. */
export type AuditAction =
  | 'invite'
  | 'uninvite'
  | 'tier'
  | 'grant-admin'
  | 'revoke-admin'
  | 'restore'
  | 'account-deleted';

const DAY_MS = 86_400_000;

/**
 * Appends the line of an operator's action, on the repositories of the action's transaction: the
 * line is written exactly when the action is.
 */
export function recordOperatorAction(
  repos: Pick<Repositories, 'audit'>,
  operator: OperatorContext,
  action: Exclude<AuditAction, 'account-deleted'>,
  target: string,
  detail: string | null = null,
): Promise<void> {
  return repos.audit.append({
    at: new Date().toISOString(),
    actor: operator.actor ?? 'command line',
    source: operator.source ?? 'cli',
    action,
    target,
    detail,
  });
}

/**
 * That an account was deleted, and when: not whose. The line names no email, username or uuid, and
 * the targets of earlier lines that named the account's confirmed addresses or its username are
 * erased (their lines stay), so the trail keeps nothing of the user (docs/security.md, "Deleting an
 * account").
 */
export async function recordAccountDeleted(
  repos: Pick<Repositories, 'audit'>,
  confirmedAddresses: readonly string[],
  username: string | undefined,
  now: string,
): Promise<void> {
  await repos.audit.eraseTargets([...confirmedAddresses, ...(username ? [`@${username}`] : [])]);
  await repos.audit.append({
    at: now,
    actor: 'account owner',
    source: 'app',
    action: 'account-deleted',
    target: null,
    detail: null,
  });
}

/** The trail of the last `days` days, oldest first (operator-only: the command line, later the admin API). */
export function auditTrail(
  _operator: OperatorContext,
  repos: Pick<Repositories, 'audit'>,
  days: number,
  now = Date.now(),
): Promise<AuditLine[]> {
  return repos.audit.since(new Date(now - days * DAY_MS).toISOString());
}

/** Deletes the lines older than `retentionDays` (AUDIT_RETENTION_DAYS); returns how many. */
export function pruneAuditTrail(
  repos: Pick<Repositories, 'audit'>,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  return repos.audit.pruneBefore(new Date(now - retentionDays * DAY_MS).toISOString());
}
