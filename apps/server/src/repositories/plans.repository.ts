import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, NewPlanRow, PlacementTestRow, PlanRow, WorkoutRow } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { NEVER_LOGGED } from './never-logged';
import { PreparedQuery } from './prepared-query';

/** A plan's, a test's and a workout's rows, as the plans' services read them. */
export type { PlacementTestRow, PlanRow, WorkoutRow };

/** The statuses of a plan that is still the user's one plan (migration 0015's partial unique index). */
const OPEN = ['active', 'paused'] as const;

/** The user's newest plan and test as GET /api/plan reads them, with the plan's workouts of a range. */
export interface NewestPlan {
  plan?: PlanRow;
  test?: PlacementTestRow;
  /** The plan's workouts on the days asked for, oldest first (none without a plan). */
  workouts: PlanWorkoutRow[];
}

/** What a plan write changes. */
interface PlanChanges {
  status: PlanRow['status'];
  progress: string;
  shared?: number;
  updated_at: string;
}

/** A range of days no workout is on: newestOf for the plan and test alone. */
export const NO_WORKOUT_DAYS = { from: '9999-12-31', to: '0000-01-01' } as const;

/** What GET /api/plan shows of a workout: the calendar's session and day, and the sets of today's. */
export type PlanWorkoutRow = Pick<WorkoutRow, 'id' | 'session' | 'day' | 'sets' | 'targets' | 'total'>;

/** PlanWorkoutRow's columns, in the order of the JSON arrays the statement below writes. */
const PLAN_WORKOUT_COLUMNS = [
  'id',
  'session',
  'day',
  'sets',
  'targets',
  'total',
] as const satisfies readonly (keyof PlanWorkoutRow)[];

/**
 * The user's row with their newest plan and newest test joined, each the first row of its index on
 * the user (null columns for what they lack).
 */
function withNewestPlanAndTest(db: Kysely<Database>, uuid: RawBuilder<string>) {
  return db
    .selectFrom('users')
    .leftJoin('plans', (join) =>
      join.on((eb) =>
        eb(
          'plans.id',
          '=',
          eb
            .selectFrom('plans as newest')
            .select('newest.id')
            .whereRef('newest.user_uuid', '=', 'users.uuid')
            .orderBy('newest.created_at', 'desc')
            .orderBy('newest.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .leftJoin('placement_tests', (join) =>
      join.on((eb) =>
        eb(
          'placement_tests.id',
          '=',
          eb
            .selectFrom('placement_tests as latest')
            .select('latest.id')
            .whereRef('latest.user_uuid', '=', 'users.uuid')
            .orderBy('latest.taken_at', 'desc')
            .orderBy('latest.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .where('users.uuid', '=', uuid);
}

/**
 * The user's newest plan and newest test with the plan's workouts on the days from `from` to `to` (a
 * range of workouts_plan_idx, as JSON): GET /api/plan reads them when its answer is not cached, in
 * one statement (decision 029: built and compiled once).
 */
const PLAN_AND_TEST = new PreparedQuery(
  { uuid: 'string', from: 'string', to: 'string' },
  (db, { uuid, from, to }, engine) =>
    withNewestPlanAndTest(db, uuid).select([
      'plans.id as plan_id',
      'plans.status',
      'plans.settings',
      'plans.progress',
      'plans.shared',
      'plans.created_at',
      'plans.updated_at',
      'placement_tests.id as test_id',
      'placement_tests.count as test_count',
      'placement_tests.day as test_day',
      'placement_tests.taken_at as test_taken_at',
      engine
        .jsonRows(
          PLAN_WORKOUT_COLUMNS,
          'day, created_at',
          sql`from workouts where workouts.plan_id = plans.id and workouts.day >= ${from} and workouts.day <= ${to}`,
        )
        .as('workouts'),
    ]),
);

/**
 * Everything of the user's rows that GET /api/plan's answer is computed from, short of the
 * workouts: the newest plan's id and every column a write changes, the newest test's id, and the
 * day sums' revision, which the entry each new workout logs raises in the same transaction
 * (workouts are never changed or deleted afterwards). Equal versions: equal answers for one day.
 */
const PLAN_STATE_VERSION = new PreparedQuery({ uuid: 'string' }, (db, { uuid }) =>
  withNewestPlanAndTest(db, uuid)
    .leftJoin('user_totals', 'user_totals.user_uuid', 'users.uuid')
    .select([
      'user_totals.revision',
      'plans.id as plan_id',
      'plans.status',
      'plans.progress',
      'plans.shared',
      'plans.updated_at',
      'placement_tests.id as test_id',
    ]),
);

// A finished workout's statements, each run on every POST /api/workouts: built and compiled once.
const FIND_WORKOUT = new PreparedQuery({ id: 'string' }, (db, { id }) =>
  db.selectFrom('workouts').selectAll().where('id', '=', id),
);
const OPEN_PLAN = new PreparedQuery({ uuid: 'string' }, (db, { uuid }) =>
  db.selectFrom('plans').selectAll().where('user_uuid', '=', uuid).where('status', 'in', OPEN),
);
const MOVE_PLAN = new PreparedQuery(
  { id: 'string', status: 'string', progress: 'string', now: 'string' },
  (db, { id, status, progress, now }) =>
    db
      .updateTable('plans')
      .set({ status: status as RawBuilder<PlanRow['status']>, progress, updated_at: now })
      .where('id', '=', id),
);
const INSERT_WORKOUT = new PreparedQuery(
  {
    id: 'string',
    user_uuid: 'string',
    plan_id: 'string',
    session: 'number',
    day: 'string',
    date: 'string',
    sets: 'string',
    targets: 'string',
    total: 'number',
    outcome: 'string',
    created_at: 'string',
  },
  (db, row) => db.insertInto('workouts').values(row),
);

/** The workouts' JSON arrays (PLAN_WORKOUT_COLUMNS) as rows. */
function planWorkoutsOf(json: string): PlanWorkoutRow[] {
  const rows = JSON.parse(json) as [string, number, string, string, string, number][];
  return rows.map(([id, session, day, sets, targets, total]) => ({ id, session, day, sets, targets, total }));
}

/**
 * Training plans, placement tests and workouts (docs/product.md, "Training plans"; migration 0015):
 * every query a range of an index on the user (or the plan), so none grows with other users' rows.
 */
export class PlansRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  /**
   * The user's newest plan (whatever its status) and newest test, undefined for each they lack,
   * with the plan's workouts on the days `days.from` to `days.to` (inclusive).
   */
  /**
   * The version of the user's plan state (PLAN_STATE_VERSION): the day sums' revision (-1: never
   * logged) and the rest as one string; undefined when there is no such user.
   */
  async stateVersionOf(userUuid: string): Promise<{ revision: number; rest: string } | undefined> {
    const [row] = await PLAN_STATE_VERSION.execute(this.db, this.engine, { uuid: userUuid });
    if (!row) return undefined;
    return {
      revision: row.revision === null ? NEVER_LOGGED : Number(row.revision),
      rest: JSON.stringify([
        row.plan_id,
        row.status,
        row.progress,
        row.shared === null ? null : Number(row.shared),
        row.updated_at,
        row.test_id,
      ]),
    };
  }

  async newestOf(userUuid: string, days: { from: string; to: string }): Promise<NewestPlan> {
    const [row] = await PLAN_AND_TEST.execute(this.db, this.engine, { uuid: userUuid, ...days });
    if (!row) return { workouts: [] };
    const { plan_id, status, settings, progress, shared, created_at, updated_at } = row;
    const { test_id, test_count, test_day, test_taken_at } = row;
    return {
      workouts: row.workouts ? planWorkoutsOf(row.workouts) : [],
      ...(plan_id !== null && status !== null && settings !== null && progress !== null
        ? {
            plan: {
              id: plan_id,
              user_uuid: userUuid,
              status,
              settings,
              progress,
              shared: Number(shared),
              created_at: created_at as string,
              updated_at: updated_at as string,
            },
          }
        : {}),
      ...(test_id !== null && test_count !== null && test_day !== null && test_taken_at !== null
        ? {
            test: {
              id: test_id,
              user_uuid: userUuid,
              count: test_count,
              day: test_day,
              taken_at: test_taken_at,
            },
          }
        : {}),
    };
  }

  /** The user's active or paused plan (at most one: the database keeps it so). */
  async openPlanOf(userUuid: string): Promise<PlanRow | undefined> {
    const [row] = await OPEN_PLAN.execute(this.db, this.engine, { uuid: userUuid });
    return row;
  }

  findPlan(id: string): Promise<PlanRow | undefined> {
    return this.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every plan of the user, oldest first (the export). */
  plansOf(userUuid: string): Promise<PlanRow[]> {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertPlan(row: NewPlanRow): Promise<void> {
    await this.db.insertInto('plans').values(row).execute();
  }

  async updatePlan(id: string, changes: PlanChanges): Promise<void> {
    await this.db.updateTable('plans').set(changes).where('id', '=', id).execute();
  }

  /** A workout's move of the plan: its new progress and status. */
  async movePlan(id: string, status: PlanRow['status'], progress: string, now: string): Promise<void> {
    await MOVE_PLAN.execute(this.db, this.engine, { id, status, progress, now });
  }

  /** The placement test with this id, whoever's it is. */
  findTest(id: string): Promise<PlacementTestRow | undefined> {
    return this.db.selectFrom('placement_tests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Keeps a test unless its id is taken; false: taken, nothing written. */
  async insertTestUnlessTaken(row: PlacementTestRow): Promise<boolean> {
    const result = await this.db
      .insertInto('placement_tests')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The user's newest tests first, at most `limit`. */
  testsOf(userUuid: string, limit: number): Promise<PlacementTestRow[]> {
    return this.db
      .selectFrom('placement_tests')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The workout with this id, whoever's it is. */
  async findWorkout(id: string): Promise<WorkoutRow | undefined> {
    const [row] = await FIND_WORKOUT.execute(this.db, this.engine, { id });
    return row;
  }

  async insertWorkout(row: WorkoutRow): Promise<void> {
    await INSERT_WORKOUT.execute(this.db, this.engine, row);
  }

  /** The plan's latest workout (undefined before the first). */
  latestWorkoutOf(planId: string): Promise<WorkoutRow | undefined> {
    return this.db
      .selectFrom('workouts')
      .selectAll()
      .where('plan_id', '=', planId)
      .orderBy('day', 'desc')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every workout of the user, oldest first (the export). */
  workoutsOf(userUuid: string): Promise<WorkoutRow[]> {
    return this.db
      .selectFrom('workouts')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('day')
      .orderBy('id')
      .execute();
  }

  /** Every test of the user, oldest first (the export). */
  allTestsOf(userUuid: string): Promise<PlacementTestRow[]> {
    return this.db
      .selectFrom('placement_tests')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
  }

  /** Every plan, test and workout of a user (account deletion); workouts first, as they name plans. */
  async deleteAllForUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('workouts').where('user_uuid', '=', userUuid).execute();
    await this.db.deleteFrom('placement_tests').where('user_uuid', '=', userUuid).execute();
    await this.db.deleteFrom('plans').where('user_uuid', '=', userUuid).execute();
  }
}
