/**
 * Shared setup of the training plans' tests (docs/product.md, "Training plans: calls"): the plan
 * calls through the API for one test server's users, and the rows behind them.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  type FinishWorkoutAnswer,
  type PlacementTest,
  type PlanSession,
  type PlanState,
  type StartPlanBody,
} from '@pushup/shared';
import type { GroupsHarness, Person } from './groups-helpers';
import { todayIn } from './habits-helpers';

/** The plan calls for one test server's users. */
export function plansHarness(h: GroupsHarness) {
  const state = async (who: Person, zone = 'UTC') =>
    h.body<PlanState>(await h.call(who, 'GET', '/api/plan', undefined, zone), 200);

  /** Starts a plan (the hundred at level 2 on Monday, Wednesday and Friday, from today, unless told). */
  async function start(who: Person, body: Partial<StartPlanBody> = {}, zone = 'UTC') {
    const payload = { planId: 'hundred', level: 2, startDay: todayIn(zone), weekdays: [1, 3, 5], ...body };
    return h.body<PlanState>(await h.call(who, 'PUT', '/api/plan', payload, zone), 200);
  }

  const act = (who: Person, body: Record<string, unknown>, zone = 'UTC') =>
    h.call(who, 'PATCH', '/api/plan', body, zone);

  const finish = (
    who: Person,
    body: { id?: string; session: number; sets: number[]; date?: string },
    zone = 'UTC',
  ) => h.call(who, 'POST', '/api/workouts', { id: randomUUID(), ...body }, zone);

  /** Finishes the next session with every target met (a retest: its target, exactly). */
  async function doNext(who: Person, zone = 'UTC'): Promise<FinishWorkoutAnswer> {
    const next = (await state(who, zone)).plan?.next as PlanSession;
    return h.body<FinishWorkoutAnswer>(
      await finish(who, { session: next.index, sets: next.sets.map((set) => set.reps) }, zone),
      201,
    );
  }

  const takeTest = (who: Person, body: { id?: string; count: number; date?: string }, zone = 'UTC') =>
    h.call(who, 'POST', '/api/plan/tests', { id: randomUUID(), ...body }, zone);

  const tests = async (who: Person) =>
    h.body<PlacementTest[]>(await h.call(who, 'GET', '/api/plan/tests'), 200);

  /** The user's plans as `status:shared`, oldest first, read from the rows. */
  async function planRows(who: Person): Promise<string[]> {
    const rows = await h
      .db()
      .selectFrom('plans')
      .select(['status', 'shared'])
      .where('user_uuid', '=', who.uuid)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => `${row.status}:${row.shared}`);
  }

  /** How many rows each plan table and the entries hold for the user. */
  async function rowCounts(userUuid: string) {
    const count = async (table: 'plans' | 'placement_tests' | 'workouts' | 'pushups') =>
      (await h.db().selectFrom(table).select('user_uuid').where('user_uuid', '=', userUuid).execute()).length;
    return {
      plans: await count('plans'),
      tests: await count('placement_tests'),
      workouts: await count('workouts'),
      entries: await count('pushups'),
    };
  }

  return { state, start, act, finish, doNext, takeTest, tests, planRows, rowCounts };
}

/** A day `offset` days from today in `zone`. */
export const dayFromToday = (offset: number, zone = 'UTC') => addDays(todayIn(zone), offset);
