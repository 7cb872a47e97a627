import type { Kysely } from 'kysely';
import type { Database, NewPlanRow, PlacementTestRow, PlanRow, WorkoutRow } from '../db/schema';

/** The statuses of a plan that is still the user's one plan (migration 0015's partial unique index). */
const OPEN = ['active', 'paused'] as const;

/** What a plan write changes. */
export interface PlanChanges {
  status: PlanRow['status'];
  progress: string;
  shared?: number;
  updated_at: string;
}

/**
 * Training plans, placement tests and workouts (docs/product.md, "Training plans"; migration 0015):
 * every query a range of an index on the user (or the plan), so none grows with other users' rows.
 */
export class PlansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's active or paused plan (at most one: the database keeps it so). */
  openPlanOf(userUuid: string): Promise<PlanRow | undefined> {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
  }

  /** The user's newest plan, whatever its status (a finished one still shows until another starts). */
  latestPlanOf(userUuid: string): Promise<PlanRow | undefined> {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
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
  findWorkout(id: string): Promise<WorkoutRow | undefined> {
    return this.db.selectFrom('workouts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertWorkout(row: WorkoutRow): Promise<void> {
    await this.db.insertInto('workouts').values(row).execute();
  }

  /** A plan's workouts on the days from `from` to `to` (inclusive), oldest first. */
  workoutsOfPlan(planId: string, from: string, to: string): Promise<WorkoutRow[]> {
    return this.db
      .selectFrom('workouts')
      .selectAll()
      .where('plan_id', '=', planId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .orderBy('created_at')
      .execute();
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
