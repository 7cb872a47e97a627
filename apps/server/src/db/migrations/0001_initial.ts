import type { Kysely, Migration } from 'kysely';

export const DEFAULT_TIER_ID = 'default';

/** Tiers, users and the platform invite list. Only portable column types (text, integer). */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('subscription_tiers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('max_groups', 'integer', (c) => c.notNull())
      .addColumn('max_members_per_group', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_tiers_limits_idx')
      .on('subscription_tiers')
      .columns(['max_groups', 'max_members_per_group'])
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('firebase_uid', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_lower', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('photo_url', 'text')
      .addColumn('personal_goal', 'integer')
      .addColumn('goal_deadline', 'text')
      .addColumn('goal_description', 'text')
      .addColumn('tier_id', 'text', (c) => c.notNull().references('subscription_tiers.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      // Named constraints: the repository maps a violation of these to a 409 on both engines.
      .addUniqueConstraint('users_firebase_uid_key', ['firebase_uid'])
      .addUniqueConstraint('users_username_lower_key', ['username_lower'])
      .execute();
    await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
    await db.schema.createIndex('users_tier_idx').on('users').column('tier_id').execute();

    await db.schema
      .createTable('platform_invites')
      .addColumn('email_lower', 'text', (c) => c.primaryKey())
      .addColumn('invited_at', 'text', (c) => c.notNull())
      .addColumn('tier_id', 'text', (c) => c.references('subscription_tiers.id'))
      .execute();

    await db
      .insertInto('subscription_tiers' as never)
      .values({
        id: DEFAULT_TIER_ID,
        name: 'default',
        max_groups: 5,
        max_members_per_group: 10,
        created_at: new Date().toISOString(),
      } as never)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('platform_invites').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('subscription_tiers').execute();
  },
};
