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
 * - `audit_targets`: the target a line names, in a row of its own, so that deleting an account can
 *   erase its address and username from the trail and keep the line (docs/security.md, "Deleting an
 *   account"). Pruned with its line.
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
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();

    await db.schema
      .createTable('audit_targets')
      .addColumn('line_id', 'text', (c) => c.primaryKey().references('audit_log.id').onDelete('cascade'))
      .addColumn('target', 'text', (c) => c.notNull())
      .execute();
    // An account's deletion erases the targets that name it.
    await db.schema.createIndex('audit_targets_target_idx').on('audit_targets').column('target').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_targets').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('operators').execute();
  },
};
