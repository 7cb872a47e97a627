import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditLine, Database } from '../db/schema';

export type { AuditLine };

/**
 * The audit trail: append-only. The only statement that removes lines is `pruneBefore`, the
 * retention (docs/security.md, "Audit trail"); nothing updates one.
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(line: Omit<AuditLine, 'id'>): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({ id: randomUUID(), ...line })
      .execute();
  }

  /** The lines at or after `fromAt` (ISO), oldest first. */
  since(fromAt: string): Promise<AuditLine[]> {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('at', '>=', fromAt)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /** Deletes the lines older than `cutoffAt` (ISO); returns how many. */
  async pruneBefore(cutoffAt: string): Promise<number> {
    const result = await this.db.deleteFrom('audit_log').where('at', '<', cutoffAt).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
