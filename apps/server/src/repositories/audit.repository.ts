import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { countRows } from './count-rows';
import { likeContains } from './like-pattern';

/** A line of the audit trail as it is read: its target joined back in. */
export interface AuditLine {
  id: string;
  at: string;
  actor: string;
  source: string;
  action: string;
  /** The target named, ERASED_TARGET once an account's deletion erased it, null where none was. */
  target: string | null;
  detail: string | null;
}

/** What a line shows whose target an account's deletion erased. */
export const ERASED_TARGET = '(erased with a deleted account)';

/** Actions whose lines name no target. */
const UNTARGETED = new Set(['account-deleted']);

/** Which lines the operators' list and export take; every part optional. */
export interface AuditFilter {
  action?: string | undefined;
  /** Part of the actor, any case. */
  actor?: string | undefined;
  /** Part of the target, any case (an erased target matches no text). */
  target?: string | undefined;
  /** ISO instants: at or after `fromAt`, before `beforeAt`. */
  fromAt?: string | undefined;
  beforeAt?: string | undefined;
}

const contains = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${likeContains(text.toLowerCase())} escape '\\'`;

const toLine = (row: Omit<AuditLine, 'target'> & { target: string | null }): AuditLine => ({
  ...row,
  target: row.target ?? (UNTARGETED.has(row.action) ? null : ERASED_TARGET),
});

/**
 * The audit trail: append-only. Nothing updates a line; only the retention (`pruneBefore`) deletes
 * lines; an account's deletion erases the targets that name it and keeps their lines
 * (docs/security.md, "Audit trail").
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(line: Omit<AuditLine, 'id'>): Promise<void> {
    const id = randomUUID();
    const { target, ...rest } = line;
    await this.db
      .insertInto('audit_log')
      .values({ id, ...rest })
      .execute();
    if (target !== null) await this.db.insertInto('audit_targets').values({ line_id: id, target }).execute();
  }

  /** The lines at or after `fromAt` (ISO), oldest first. */
  since(fromAt: string): Promise<AuditLine[]> {
    return this.matching({ fromAt });
  }

  /** The lines the filter takes (a target's text: the lines whose target row holds it). */
  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom('audit_log');
    if (filter.fromAt) query = query.where('audit_log.at', '>=', filter.fromAt);
    if (filter.beforeAt) query = query.where('audit_log.at', '<', filter.beforeAt);
    if (filter.action) query = query.where('audit_log.action', '=', filter.action);
    if (filter.actor) query = query.where(contains('audit_log.actor', filter.actor));
    const { target } = filter;
    if (target) {
      query = query.where('audit_log.id', 'in', (eb) =>
        eb.selectFrom('audit_targets').select('line_id').where(contains('audit_targets.target', target)),
      );
    }
    return query;
  }

  /** The filter's lines with their targets joined back in. */
  private withTargets(filter: AuditFilter) {
    return this.filtered(filter)
      .leftJoin('audit_targets', 'audit_targets.line_id', 'audit_log.id')
      .selectAll('audit_log')
      .select('audit_targets.target');
  }

  /** The lines the filter takes, oldest first (the export). */
  async matching(filter: AuditFilter): Promise<AuditLine[]> {
    const rows = await this.withTargets(filter).orderBy('audit_log.at').orderBy('audit_log.id').execute();
    return rows.map(toLine);
  }

  /** A page of the lines the filter takes, newest first: a walk of audit_log_at_idx backwards. */
  async page(filter: AuditFilter, offset: number, limit: number): Promise<AuditLine[]> {
    const rows = await this.withTargets(filter)
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(toLine);
  }

  count(filter: AuditFilter): Promise<number> {
    return countRows(this.filtered(filter));
  }

  /** Erases these targets (a deleted account's addresses and username) from every line naming them. */
  async eraseTargets(targets: readonly string[]): Promise<void> {
    if (targets.length === 0) return;
    await this.db.deleteFrom('audit_targets').where('target', 'in', targets).execute();
  }

  /** Deletes the lines older than `cutoffAt` (ISO), their targets with them; returns how many lines. */
  async pruneBefore(cutoffAt: string): Promise<number> {
    await this.db
      .deleteFrom('audit_targets')
      .where('line_id', 'in', (eb) => eb.selectFrom('audit_log').select('id').where('at', '<', cutoffAt))
      .execute();
    const result = await this.db.deleteFrom('audit_log').where('at', '<', cutoffAt).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
