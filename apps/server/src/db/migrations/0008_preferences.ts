import type { Kysely, Migration } from 'kysely';

/**
 * Language and theme (docs/product.md, "Language and theme"): stored in the profile so that
 * they follow the user to another device. Two nullable text columns on users: null until the user
 * chooses, which is what every existing user gets. The values ('en' | 'de', 'system' | 'light' |
 * 'dark') are checked by the API, not by a constraint, so that a language added later needs no
 * rebuild of the table on SQLite; a value the app does not know reads as not chosen.
 */
export const preferences: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    await db.schema.alterTable('users').addColumn('theme', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('theme').execute();
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
};
