import type { Kysely, Migration } from 'kysely';

/**
 * Group challenges, cheers and the group feed (docs/product.md, "Group challenges, cheers and the
 * feed"). New tables only. Portable columns as everywhere: days `YYYY-MM-DD` text, instants ISO text,
 * flags 0 or 1.
 *
 * - `group_activity`: one row per group that has any (made on first use): whether members may create
 *   challenges, and the counter that gives each feed line of the group its place. Taking the next
 *   place updates this row, so on PostgreSQL a group's feed writers queue on it until they commit and
 *   the places of a group's lines rise in commit order: a reader paging by place never skips one.
 * - `challenges`: `starts_at` and `ends_at` are the instants the first participant's start day
 *   begins and the last participant's end day ends (from the participants' zones, kept at every join
 *   and leave); `fixed_at` is set once, when the result is stored; `start_pushed` and `end_pushed`
 *   claim the pushes of the start and the end once across processes.
 * - `challenge_participants`: who is in a challenge, with the zone their days are counted in.
 * - `challenge_results`: the fixed result, one row per participant then. A deleted account's row
 *   stays with its user set to null ('Deleted user'); re-dated or deleted entries never change it.
 * - `cheers`: one per giver, receiver and day (the receiver's day).
 * - `cheer_settings`: whether a cheer pushes to the receiver's devices (no row: off).
 * - `group_feed`: the group's lines by place. `line_key` makes a line once: a member's day
 *   ('day:<user>:<day>'), a join or a win of a challenge; null for lines that need no such key.
 *
 * Foreign keys: deleting a group deletes all of its rows (cascade); deleting an account deletes its
 * participations, cheers, settings and feed lines, keeps its place in fixed results without a user,
 * and keeps the challenges it created without a creator.
 */
export const groupChallenges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_activity')
      .addColumn('group_id', 'text', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
      .addColumn('members_may_create_challenges', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('feed_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('created_by', 'text', (c) => c.references('users.uuid').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('target', 'integer')
      .addColumn('min_per_day', 'integer')
      .addColumn('start_day', 'text', (c) => c.notNull())
      .addColumn('end_day', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('start_pushed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fixed_at', 'text')
      .addColumn('end_pushed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A group's challenges by end (its lists).
    await db.schema
      .createIndex('challenges_group_idx')
      .on('challenges')
      .columns(['group_id', 'end_day', 'id'])
      .execute();
    // The tick's two questions: which results are due to be fixed, which starts to be announced.
    await db.schema
      .createIndex('challenges_open_idx')
      .on('challenges')
      .columns(['fixed_at', 'ends_at'])
      .execute();
    await db.schema
      .createIndex('challenges_end_idx')
      .on('challenges')
      .columns(['end_pushed', 'fixed_at'])
      .execute();
    await db.schema
      .createIndex('challenges_start_idx')
      .on('challenges')
      .columns(['start_pushed', 'starts_at'])
      .execute();
    await db.schema.createIndex('challenges_creator_idx').on('challenges').column('created_by').execute();

    await db.schema
      .createTable('challenge_participants')
      .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('challenge_participants_pk', ['challenge_id', 'user_uuid'])
      .execute();
    // A user's challenges (the dashboard's running ones, leaving a group, the account's deletion).
    await db.schema
      .createIndex('challenge_participants_user_idx')
      .on('challenge_participants')
      .columns(['user_uuid', 'challenge_id'])
      .execute();

    await db.schema
      .createTable('challenge_results')
      .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
      .addColumn('place', 'integer', (c) => c.notNull())
      .addColumn('user_uuid', 'text', (c) => c.references('users.uuid').onDelete('set null'))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('reached', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('challenge_results_pk', ['challenge_id', 'place'])
      .execute();
    await db.schema
      .createIndex('challenge_results_user_idx')
      .on('challenge_results')
      .column('user_uuid')
      .execute();

    await db.schema
      .createTable('cheers')
      .addColumn('giver_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
      .addColumn('receiver_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cheers_pk', ['giver_uuid', 'receiver_uuid', 'day'])
      .execute();
    // Who cheered a user lately, and a day line's cheers.
    await db.schema
      .createIndex('cheers_receiver_idx')
      .on('cheers')
      .columns(['receiver_uuid', 'day', 'giver_uuid'])
      .execute();

    await db.schema
      .createTable('cheer_settings')
      .addColumn('user_uuid', 'text', (c) => c.primaryKey().references('users.uuid').onDelete('cascade'))
      .addColumn('push', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('group_feed')
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
      .addColumn('line_key', 'text')
      .addColumn('day', 'text')
      .addColumn('achievement_id', 'text')
      .addColumn('challenge_id', 'text', (c) => c.references('challenges.id').onDelete('set null'))
      .addColumn('challenge_name', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_feed_pk', ['group_id', 'seq'])
      .execute();
    // A line made once (nulls are distinct on both engines: lines without a key never collide).
    await db.schema
      .createIndex('group_feed_line_key_idx')
      .on('group_feed')
      .columns(['group_id', 'line_key'])
      .unique()
      .execute();
    await db.schema.createIndex('group_feed_user_idx').on('group_feed').column('user_uuid').execute();
    await db.schema.createIndex('group_feed_challenge_idx').on('group_feed').column('challenge_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'group_feed',
      'cheer_settings',
      'cheers',
      'challenge_results',
      'challenge_participants',
      'challenges',
      'group_activity',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
