import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Training plans (docs/product.md, "Training plans"; decision 035): the plans users started, their
 * placement tests and the workouts they finished. New tables only, so existing data stays as it was.
 * Portable columns: days `YYYY-MM-DD` text, instants ISO text, a plan's settings and progress as JSON
 * text (read and written whole, never queried into), a workout's sets and targets as comma-separated
 * text ('12,10,8,8,15').
 *
 * - `plans`: one row per plan a user started. `status` repeats the progress's status so that the
 *   database itself keeps at most one active-or-paused plan per user (the partial unique index).
 * - `placement_tests`: the id is the device's, so a test sent twice is kept once.
 * - `workouts`: the id is the uuid of the entry its total was logged as. A workout stays when its
 *   entry is deleted in Log History: the plan's record of a session done (its progress never moves
 *   back); the sets show only beside their entry, so they go from Log History with it.
 *
 * Every row names its user (foreign keys to users.uuid): deleting an account deletes them with the
 * rest of the user's rows (docs/security.md, "Deleting an account").
 */
export const trainingPlans: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('plans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('progress', 'text', (c) => c.notNull())
      // 1: the members of the user's groups see the plan and where they stand in it.
      .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The user's plans, newest first (the export, the latest ended one); serves the foreign key.
    await db.schema.createIndex('plans_user_idx').on('plans').columns(['user_uuid', 'created_at']).execute();
    // At most one active or paused plan per user; also the lookup of that plan.
    await db.schema
      .createIndex('plans_one_open_idx')
      .on('plans')
      .column('user_uuid')
      .unique()
      .where(sql.ref('status'), 'in', sql`('active', 'paused')`)
      .execute();

    await db.schema
      .createTable('placement_tests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .execute();
    // The user's tests, newest first; serves the foreign key.
    await db.schema
      .createIndex('placement_tests_user_idx')
      .on('placement_tests')
      .columns(['user_uuid', 'taken_at', 'id'])
      .execute();

    await db.schema
      .createTable('workouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
      .addColumn('session', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      // The instant the entry was stamped with (a replay compares it).
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('sets', 'text', (c) => c.notNull())
      .addColumn('targets', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      // What it did to the plan (PlanOutcomeKind), for a replay's answer.
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A user's workouts by day (today's, the calendar's, the latest); serves the foreign key.
    await db.schema
      .createIndex('workouts_user_day_idx')
      .on('workouts')
      .columns(['user_uuid', 'day', 'id'])
      .execute();
    // A plan's workouts (its calendar; the foreign key to plans).
    await db.schema.createIndex('workouts_plan_idx').on('workouts').columns(['plan_id', 'day']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('workouts').execute();
    await db.schema.dropTable('placement_tests').execute();
    await db.schema.dropTable('plans').execute();
  },
};
