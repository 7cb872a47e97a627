import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
  async since(fromAt: string): Promise<AuditLine[]> {
    const rows = await this.db
      .selectFrom('audit_log')
      .leftJoin('audit_targets', 'audit_targets.line_id', 'audit_log.id')
      .selectAll('audit_log')
      .select('audit_targets.target')
      .where('audit_log.at', '>=', fromAt)
      .orderBy('audit_log.at')
      .orderBy('audit_log.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      target: row.target ?? (UNTARGETED.has(row.action) ? null : ERASED_TARGET),
    }));
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
