import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The groups suggested before anything is searched are the largest with a free seat that the caller
 * could join (GroupsRepository.joinableBySize). This index holds only groups with a free seat, largest
 * first: the query walks it from the top and stops after the first few that the caller is not in,
 * instead of sorting every group or stepping over full ones.
 */
export const groupsBySize: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('groups_open_by_size_idx')
      .on('groups')
      .columns(['member_count desc', 'name_lower', 'id'])
      .where(sql.ref('member_count'), '<', sql.ref('max_members'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('groups_open_by_size_idx').execute();
  },
};
