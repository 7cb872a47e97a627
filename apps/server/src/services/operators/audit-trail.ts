import {
  type AuditActionName,
  type AuditFilterQuery,
  type AuditLineView,
  type AuditPage,
  addDays,
} from '@pushup/shared';
import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';
import type { AuditFilter, AuditLine } from '../../repositories/audit.repository';
import { auditCsv } from './audit-csv';

/**
 * What the trail records (docs/security.md, "Audit trail"): the shared list, which the admin page's
 * filter offers. Reads (list, backup, audit) are not actions.
 */
export type AuditAction = AuditActionName;

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
 * account"). `by`: the operator who deleted it from the admin page; none: its owner.
 */
export async function recordAccountDeleted(
  repos: Pick<Repositories, 'audit'>,
  confirmedAddresses: readonly string[],
  username: string | undefined,
  now: string,
  by?: OperatorContext,
): Promise<void> {
  await repos.audit.eraseTargets([...confirmedAddresses, ...(username ? [`@${username}`] : [])]);
  await repos.audit.append({
    at: now,
    actor: by ? (by.actor ?? 'command line') : 'account owner',
    source: by ? (by.source ?? 'cli') : 'app',
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

/** The admin page's filter as the repository takes it: from/to are UTC days, both inclusive. */
function auditFilter(query: AuditFilterQuery): AuditFilter {
  return {
    action: query.action,
    actor: query.actor || undefined,
    target: query.target || undefined,
    fromAt: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    beforeAt: query.to ? `${addDays(query.to, 1)}T00:00:00.000Z` : undefined,
  };
}

/** A page of the trail under the admin page's filter, newest first (operator-only). */
export async function auditPage(
  _operator: OperatorContext,
  repos: Pick<Repositories, 'audit'>,
  query: AuditFilterQuery & { offset: number; limit: number },
): Promise<AuditPage> {
  const filter = auditFilter(query);
  const [lines, total] = await Promise.all([
    repos.audit.page(filter, query.offset, query.limit),
    repos.audit.count(filter),
  ]);
  const next = query.offset + lines.length;
  return { lines: lines satisfies AuditLineView[], total, nextOffset: next < total ? next : null };
}

/** The trail under the admin page's filter as CSV, oldest first, as `npm run admin -- audit --csv` writes it. */
export async function auditExport(
  _operator: OperatorContext,
  repos: Pick<Repositories, 'audit'>,
  query: AuditFilterQuery,
): Promise<string> {
  return auditCsv(await repos.audit.matching(auditFilter(query)));
}
