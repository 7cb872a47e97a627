import type { Kysely, Migration } from 'kysely';

/**
 * Disabled sign-in (docs/security.md, "Operators"): when an operator disabled an account from the
 * admin page, null while it may sign in (every existing account). The auth hook reads it in the
 * lookup of the caller's profile it makes on every request anyway, so a disabled account's token is
 * refused at once in every API process, before the identity provider's own disabled flag reaches
 * a process's cache of checked tokens. No index: it is read with the row the hook finds by uid.
 */
export const disabledAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  },
};
