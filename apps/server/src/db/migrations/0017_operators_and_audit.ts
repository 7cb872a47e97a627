import type { Kysely, Migration } from 'kysely';

/**
 * Operators and the audit trail (docs/security.md, "Operators" and "Audit trail"; decision 038). New
 * tables only: existing data stays as it is.
 *
 * - `operators`: the addresses granted with `npm run admin -- grant-admin` (ADMIN_EMAILS lives in
 *   the settings, not here). An account is an operator only while it has confirmed the address.
 * - `audit_log`: one line per operator action and per account deletion, appended in the action's
 *   transaction. `id` is a random UUID (portable: no engine's sequence); lines are read and pruned by
 *   `at`, ISO text that sorts as time does.
 */
export const operatorsAndAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operators')
      .addColumn('email_lower', 'text', (c) => c.primaryKey())
      .addColumn('granted_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('operators').execute();
  },
};
