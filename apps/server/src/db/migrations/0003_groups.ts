import type { Kysely, Migration } from 'kysely';

/**
 * Groups, memberships, join requests and invite links (docs/product.md, "Calls" and "Data rules"). Only portable
 * column types. `groups.member_count` is kept in the same transaction as every membership change,
 * so the cap is one conditional update (`member_count < max_members`) on both engines, also under
 * concurrent joins.
 */
export const groups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_lower', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      // Null once the creator's account is deleted; the group lives on with its members.
      .addColumn('created_by', 'text', (c) => c.references('users.uuid'))
      .addColumn('max_members', 'integer', (c) => c.notNull())
      .addColumn('member_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // Search by name (ordered by name) and the creator's foreign key.
    await db.schema.createIndex('groups_name_lower_idx').on('groups').columns(['name_lower', 'id']).execute();
    await db.schema.createIndex('groups_created_by_idx').on('groups').column('created_by').execute();

    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_members_pkey', ['group_id', 'user_uuid'])
      .execute();
    // A user's groups (and the quota count).
    await db.schema
      .createIndex('group_members_user_idx')
      .on('group_members')
      .columns(['user_uuid', 'group_id'])
      .execute();

    // One row per user and group: its status moves pending -> accepted | rejected; a cancel deletes it.
    await db.schema
      .createTable('group_join_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('group_join_requests_group_user_key', ['group_id', 'user_uuid'])
      .execute();
    // The group's pending or rejected requests (admins); the user's own (quota, pending list).
    await db.schema
      .createIndex('group_join_requests_group_status_idx')
      .on('group_join_requests')
      .columns(['group_id', 'status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('group_join_requests_user_status_idx')
      .on('group_join_requests')
      .columns(['user_uuid', 'status', 'created_at'])
      .execute();

    await db.schema
      .createTable('group_invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('group_invites_code_key', ['code'])
      .execute();
    await db.schema
      .createIndex('group_invites_group_idx')
      .on('group_invites')
      .columns(['group_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('group_invites_created_by_idx')
      .on('group_invites')
      .column('created_by')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_invites').execute();
    await db.schema.dropTable('group_join_requests').execute();
    await db.schema.dropTable('group_members').execute();
    await db.schema.dropTable('groups').execute();
  },
};
