/**
 * Finishing a plan's workout (POST /api/workouts; docs/product.md, "Training plans: calls"), on
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL: the entry it logs through the log's own path, the
 * plan moved on (done, missed target, retest, the last session), the achievement, the repeat, the
 * 409s, the day in the caller's zone, and the sets in Log History.
 */
import { randomUUID } from 'node:crypto';
import {
  dayInZone,
  type FinishWorkoutAnswer,
  MESSAGES,
  type PlacementTest,
  type PlanSession,
  type PushupEntry,
} from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness } from './groups-helpers';
import { AUCKLAND, habitsHarness, todayIn } from './habits-helpers';
import { engines, serverForSuite } from './helpers';
import { dayFromToday, plansHarness } from './plans-helpers';

describe.each(engines)('workouts on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const p = plansHarness(h);
  const habits = habitsHarness(h);
  const entries = async (who: Parameters<typeof p.state>[0]) =>
    h.body<PushupEntry[]>(await h.call(who, 'GET', '/api/pushups'), 200);

  it('logs a done workout as one entry, moves the plan on and counts like any entry', async () => {
    const [who] = await h.people(1);
    const started = await p.start(who);
    const first = started.plan?.next as PlanSession;
    const sets = first.sets.map((set) => set.reps + 1);
    const total = sets.reduce((a, b) => a + b, 0);
    const id = randomUUID();
    const answer = h.body<FinishWorkoutAnswer>(await p.finish(who, { id, session: 0, sets }), 201);
    const today = todayIn('UTC');
    expect(answer.entry).toMatchObject({ uuid: id, count: total, day: today });
    expect(answer.workout).toEqual({
      id,
      session: 0,
      day: today,
      sets,
      targets: first.sets.map((set) => set.reps),
      total,
    });
    expect(answer.outcome).toEqual({ kind: 'done', session: 0, day: today });
    expect(answer.progress).toMatchObject({ position: 1, status: 'active', lastOutcome: answer.outcome });

    const state = await p.state(who);
    expect(state.plan?.progress).toEqual(answer.progress);
    expect(state.plan?.next?.index).toBe(1);
    expect(state.plan?.doneToday).toEqual([answer.workout]);
    expect(state.plan?.calendar.find((d) => d.day === today)).toEqual({
      day: today,
      state: 'done',
      session: 0,
    });
    // The entry is an entry: totals, day sums, streak and achievements follow it.
    expect(await entries(who)).toEqual([{ ...answer.entry, sets }]);
    expect((await habits.streak(who)).current).toBe(1);
    expect(await habits.earnedIds(who)).toContain('first-entry');
    await habits.expectDaysConsistent(who);
    const totalRow = await h
      .db()
      .selectFrom('user_totals')
      .select('total')
      .where('user_uuid', '=', who.uuid)
      .executeTakeFirst();
    expect(totalRow?.total).toBe(total);
  });

  it('repeats the day when a target is missed', async () => {
    const [who] = await h.people(1);
    const next = (await p.start(who)).plan?.next as PlanSession;
    const sets = next.sets.map((set, i) => (i === 2 ? set.reps - 1 : set.reps));
    const answer = h.body<FinishWorkoutAnswer>(await p.finish(who, { session: 0, sets }), 201);
    expect(answer.outcome.kind).toBe('repeat-day');
    expect(answer.progress.position).toBe(0);
    expect((await p.state(who)).plan?.next).toEqual(next);
    // The push-ups done still count.
    expect((await entries(who))[0]?.count).toBe(sets.reduce((a, b) => a + b, 0));
  });

  it('answers the same workout sent again as the first time and writes it once', async () => {
    const [who] = await h.people(1);
    await p.start(who);
    const id = randomUUID();
    const date = new Date(Date.now() - 60_000).toISOString();
    const body = { id, session: 0, sets: [5, 5, 5, 5, 5], date };
    const first = h.body<FinishWorkoutAnswer>(await p.finish(who, body), 201);
    const counts = await p.rowCounts(who.uuid);
    expect(h.body<FinishWorkoutAnswer>(await p.finish(who, body), 201)).toEqual(first);
    // Without its date, the sets alone decide.
    expect(
      h.body<FinishWorkoutAnswer>(await p.finish(who, { id, session: 0, sets: body.sets }), 201),
    ).toEqual(first);
    expect(await p.rowCounts(who.uuid)).toEqual(counts);

    expectError(
      await p.finish(who, { ...body, sets: [5, 5, 5, 5, 6] }),
      409,
      'ENTRY_CONFLICT',
      MESSAGES.serverEntryConflict,
    );
    expectError(
      await p.finish(who, { ...body, date: new Date(Date.now() - 120_000).toISOString() }),
      409,
      'ENTRY_CONFLICT',
      MESSAGES.serverEntryConflict,
    );
    expect(await p.rowCounts(who.uuid)).toEqual(counts);
  });

  it('takes one of two workouts sent at once: the same one is a repeat, another for the same session a 409', async () => {
    const [who] = await h.people(1);
    const next = (await p.start(who)).plan?.next as PlanSession;
    const sets = next.sets.map((set) => set.reps);
    const id = randomUUID();
    const same = await Promise.all([
      p.finish(who, { id, session: 0, sets }),
      p.finish(who, { id, session: 0, sets }),
    ]);
    expect(same.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(same[0]?.json()).toEqual(same[1]?.json());
    // Both meet session 1's targets: whichever comes second finds the plan at session 2.
    const after = (await p.state(who)).plan?.next as PlanSession;
    const second = after.sets.map((set) => set.reps);
    const both = await Promise.all([
      p.finish(who, { session: 1, sets: second }),
      p.finish(who, { session: 1, sets: second }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await p.rowCounts(who.uuid)).toMatchObject({ workouts: 2, entries: 2 });
    expect((await p.state(who)).plan?.progress.position).toBe(2);
  });

  it('refuses an id an entry already has: the caller’s own, or another user’s', async () => {
    const [who, other] = await h.people(2);
    await p.start(who);
    const own = await habits.log(who, 10);
    const others = await habits.log(other, 10);
    const counts = await p.rowCounts(who.uuid);
    const sets = [2, 2, 2, 2, 2];
    expectError(
      await p.finish(who, { id: own.uuid, session: 0, sets }),
      409,
      'ENTRY_CONFLICT',
      MESSAGES.serverEntryConflict,
    );
    expectError(
      await p.finish(who, { id: others.uuid, session: 0, sets }),
      409,
      'ENTRY_CONFLICT',
      MESSAGES.serverEntryIdInUse,
    );
    expect(await p.rowCounts(who.uuid)).toEqual(counts);
    // Another user sending the caller's workout id learns nothing of it.
    const kept = h.body<FinishWorkoutAnswer>(await p.finish(who, { session: 0, sets }), 201);
    await p.start(other);
    expectError(
      await p.finish(other, { id: kept.workout.id, session: 0, sets }),
      409,
      'ENTRY_CONFLICT',
      MESSAGES.serverEntryIdInUse,
    );
  });

  it('answers 409 for another session, a paused plan, no plan, and writes nothing', async () => {
    const [who] = await h.people(1);
    const sets = [3, 3, 3, 3, 3];
    expectError(await p.finish(who, { session: 0, sets }), 409, 'CONFLICT', MESSAGES.workoutNoActivePlan);
    await p.start(who);
    expectError(await p.finish(who, { session: 1, sets }), 409, 'CONFLICT', MESSAGES.workoutWrongSession);
    await p.act(who, { action: 'pause' });
    expectError(await p.finish(who, { session: 0, sets }), 409, 'CONFLICT', MESSAGES.workoutPlanPaused);
    await p.act(who, { action: 'abandon' });
    expectError(await p.finish(who, { session: 0, sets }), 409, 'CONFLICT', MESSAGES.workoutNoActivePlan);
    expect(await p.rowCounts(who.uuid)).toMatchObject({ workouts: 0, entries: 0 });
    expect((await habits.achievements(who)).every((a) => a.earnedAt === null)).toBe(true);
  });

  it('counts the workout for the day of its instant in the caller’s zone', async () => {
    const [who] = await h.people(1);
    await p.start(
      who,
      { planId: 'daily', level: 1, weekdays: [0, 1, 2, 3, 4, 5, 6], daily: { total: 20, sets: 2 } },
      AUCKLAND,
    );
    // 23:30 UTC yesterday is today in Auckland.
    const date = `${dayFromToday(-1)}T23:30:00.000Z`;
    const answer = h.body<FinishWorkoutAnswer>(
      await p.finish(who, { session: 0, sets: [10, 10], date }, AUCKLAND),
      201,
    );
    expect(answer.workout.day).toBe(dayInZone(new Date(date), AUCKLAND));
    expect(answer.entry.day).toBe(answer.workout.day);
    expect((await p.state(who, AUCKLAND)).plan?.doneToday.map((w) => w.id)).toEqual(
      answer.workout.day === todayIn(AUCKLAND) ? [answer.workout.id] : [],
    );
  });

  it('moves on after a passed retest, and keeps the retest with the tests', async () => {
    const [who] = await h.people(1);
    await p.start(who, { level: 1 });
    let next = (await p.state(who)).plan?.next as PlanSession;
    while (next.kind !== 'retest') {
      await p.doNext(who);
      next = (await p.state(who)).plan?.next as PlanSession;
    }
    const id = randomUUID();
    const target = next.sets[0]?.reps ?? 0;
    const answer = h.body<FinishWorkoutAnswer>(
      await p.finish(who, { id, session: next.index, sets: [target + 2] }),
      201,
    );
    expect(answer.outcome.kind).toBe('moved-on');
    expect(answer.progress.position).toBe(next.index + 1);
    expect(
      (await h.body<PlacementTest[]>(await h.call(who, 'GET', '/api/plan/tests'), 200))[0],
    ).toMatchObject({
      id,
      count: target + 2,
    });
  });

  it('finishes the plan with its last session, which earns the achievement once', async () => {
    const [who] = await h.people(1);
    await p.start(who, { planId: 'thirty-day', level: 1, shared: true });
    let last: FinishWorkoutAnswer | undefined;
    for (let i = 0; i < 30; i++) last = await p.doNext(who);
    expect(last?.outcome.kind).toBe('finished');
    expect(last?.progress).toMatchObject({ status: 'finished', position: 30 });
    const state = await p.state(who);
    expect(state.plan?.progress.status).toBe('finished');
    expect(state.plan?.next).toBeNull();
    expect(state.plan?.trainingToday).toBe(false);
    expect(await habits.status(who, 'plan-finished')).toMatchObject({ progress: 1, unseen: true });
    expect(await p.planRows(who)).toEqual(['finished:1']);
    expectError(
      await p.finish(who, { session: 30, sets: [1] }),
      409,
      'CONFLICT',
      MESSAGES.workoutNoActivePlan,
    );
    // A new plan can start; the achievement stays earned.
    await p.start(who);
    expect((await habits.status(who, 'plan-finished')).earnedAt).not.toBeNull();
  });

  it('shows a workout’s sets in Log History while its count is theirs; the plan never moves back', async () => {
    const [who] = await h.people(1);
    await p.start(who);
    await habits.log(who, 7);
    const done = await p.doNext(who);
    const listed = await entries(who);
    expect(listed.find((e) => e.uuid === done.entry.uuid)?.sets).toEqual(done.workout.sets);
    expect(listed.find((e) => e.uuid !== done.entry.uuid)?.sets).toBeUndefined();

    // An edited count is no longer the sets' sum: the list leaves them out.
    h.body(
      await h.call(who, 'PATCH', `/api/pushups/${done.entry.uuid}`, { count: done.entry.count + 1 }),
      200,
    );
    expect((await entries(who)).find((e) => e.uuid === done.entry.uuid)?.sets).toBeUndefined();

    // Deleted: the entry and its sets leave Log History; the workout stays the plan's record.
    expect((await h.call(who, 'DELETE', `/api/pushups/${done.entry.uuid}`)).statusCode).toBe(204);
    expect((await entries(who)).map((e) => e.uuid)).not.toContain(done.entry.uuid);
    const state = await p.state(who);
    expect(state.plan?.progress.position).toBe(1);
    expect(state.plan?.doneToday.map((w) => w.id)).toEqual([done.workout.id]);
    // The device's repeat of the workout is still a repeat, and logs nothing again.
    const counts = await p.rowCounts(who.uuid);
    const again = await p.finish(who, { id: done.workout.id, session: 0, sets: done.workout.sets });
    expect(h.body<FinishWorkoutAnswer>(again, 201)).toMatchObject({
      workout: done.workout,
      outcome: done.outcome,
    });
    expect(await p.rowCounts(who.uuid)).toEqual(counts);
  });

  it('refuses a workout that would pass the daily limit, with nothing written', async () => {
    const [who] = await h.people(1);
    await p.start(who, { planId: 'custom', level: 1, custom: { sets: 10, reps: 100, restSeconds: 60 } });
    for (let i = 0; i < 9; i++) await p.doNext(who);
    await habits.log(who, 999);
    const counts = await p.rowCounts(who.uuid);
    const refused = await p.finish(who, { session: 9, sets: Array.from({ length: 10 }, () => 100) });
    expect(refused.statusCode).toBe(400);
    expect(await p.rowCounts(who.uuid)).toEqual(counts);
    expect((await p.state(who)).plan?.progress.position).toBe(9);
  });
});
