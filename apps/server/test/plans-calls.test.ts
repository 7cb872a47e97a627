/**
 * The training plan's own calls (docs/product.md, "Training plans: calls"), on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines"): GET /api/plan, starting and replacing a
 * plan within its days, pausing, resuming, changing the level, sharing and abandoning it, and the
 * placement tests.
 */
import { randomUUID } from 'node:crypto';
import {
  dayInZone,
  MESSAGES,
  type PlacementTest,
  type PlanSettings,
  proposePlan,
  sessionAt,
  sessionCount,
} from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness } from './groups-helpers';
import { AUCKLAND, todayIn } from './habits-helpers';
import { bearer, invitedAccount, ruleEngines, serverForSuite } from './helpers';
import { dayFromToday, plansHarness } from './plans-helpers';

describe.each(ruleEngines)('training plans on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const p = plansHarness(h);

  describe('GET /api/plan', () => {
    it('answers no plan and no test before the first, with the caller’s today', async () => {
      const [who] = await h.people(1);
      expect(await p.state(who, AUCKLAND)).toEqual({
        today: todayIn(AUCKLAND),
        plan: null,
        latestTest: null,
      });
    });

    it('answers 404 USER_NOT_FOUND to a caller without a profile', async () => {
      const account = await invitedAccount(server());
      const response = await server().app.inject({
        method: 'GET',
        url: '/api/plan',
        headers: bearer(account),
      });
      expectError(response, 404, 'USER_NOT_FOUND', MESSAGES.serverUserNotFound);
    });

    it('answers the plan started: settings, progress, the next session and six weeks of calendar', async () => {
      const [who] = await h.people(1);
      const today = todayIn('UTC');
      const state = await p.start(who, { level: 2, weekdays: [5, 1, 3], shared: true });
      const plan = state.plan;
      if (!plan) throw new Error('no plan');
      const settings: PlanSettings = { planId: 'hundred', level: 2, startDay: today, weekdays: [1, 3, 5] };
      expect(plan.settings).toEqual(settings);
      expect(plan.shared).toBe(true);
      expect(plan.progress).toEqual({
        position: 0,
        level: 2,
        status: 'active',
        pauses: [],
        lastOutcome: null,
      });
      expect(plan.sessionCount).toBe(sessionCount(settings));
      expect(plan.next).toEqual(sessionAt(settings, 2, 0));
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      expect(plan.trainingToday).toBe([1, 3, 5].includes(weekday));
      expect(plan.doneToday).toEqual([]);
      expect(plan.calendar).toHaveLength(14 + 1 + 28);
      expect(plan.calendar[0]?.day).toBe(dayFromToday(-14));
      expect(plan.calendar[14]?.day).toBe(today);
      expect(plan.calendar[42]?.day).toBe(dayFromToday(28));
      expect(await p.state(who)).toEqual(state);
    });
  });

  describe('PUT /api/plan', () => {
    it('starts from 7 days ago to 30 days ahead, in the caller’s zone, and refuses days beyond', async () => {
      const [who] = await h.people(1);
      const tooEarly = await h.call(
        who,
        'PUT',
        '/api/plan',
        {
          planId: 'thirty-day',
          level: 1,
          startDay: dayFromToday(-8, AUCKLAND),
          weekdays: [1],
        },
        AUCKLAND,
      );
      expectError(tooEarly, 400, 'VALIDATION_ERROR', MESSAGES.planStartTooEarly);
      const tooLate = await h.call(
        who,
        'PUT',
        '/api/plan',
        {
          planId: 'thirty-day',
          level: 1,
          startDay: dayFromToday(31, AUCKLAND),
          weekdays: [1],
        },
        AUCKLAND,
      );
      expectError(tooLate, 400, 'VALIDATION_ERROR', MESSAGES.planStartTooLate);
      expect(await p.planRows(who)).toEqual([]);

      const early = await p.start(
        who,
        { planId: 'thirty-day', level: 1, startDay: dayFromToday(-7, AUCKLAND) },
        AUCKLAND,
      );
      // The 30-day challenge trains every day, whatever was chosen.
      expect(early.plan?.settings).toMatchObject({
        startDay: dayFromToday(-7, AUCKLAND),
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      });
      const late = await p.start(who, { startDay: dayFromToday(30, AUCKLAND) }, AUCKLAND);
      expect(late.plan?.settings.startDay).toBe(dayFromToday(30, AUCKLAND));
    });

    it('replaces the active plan, which ends abandoned: one open plan per user', async () => {
      const [who] = await h.people(1);
      await p.start(who);
      const second = await p.start(who, { planId: 'daily', level: 1, daily: { total: 50, sets: 5 } });
      expect(second.plan?.settings.planId).toBe('daily');
      expect(second.plan?.sessionCount).toBeNull();
      expect(second.plan?.next?.sets.map((s) => s.reps)).toEqual([10, 10, 10, 10, 10]);
      expect(await p.planRows(who)).toEqual(['abandoned:0', 'active:0']);
      // A paused plan is replaced too.
      expect((await p.act(who, { action: 'pause' })).statusCode).toBe(200);
      await p.start(who, { planId: 'custom', level: 1, custom: { sets: 3, reps: 12, restSeconds: 90 } });
      expect(await p.planRows(who)).toEqual(['abandoned:0', 'abandoned:0', 'active:0']);
    });

    it('is kept to one active or paused plan per user by the database itself', async () => {
      const [who] = await h.people(1);
      await p.start(who);
      const now = new Date().toISOString();
      const row = { user_uuid: who.uuid, settings: '{}', progress: '{}', created_at: now, updated_at: now };
      await expect(
        h
          .db()
          .insertInto('plans')
          .values({ ...row, id: randomUUID(), status: 'paused' })
          .execute(),
      ).rejects.toThrow();
      // Ended plans are as many as the user started.
      await h
        .db()
        .insertInto('plans')
        .values({ ...row, id: randomUUID(), status: 'finished' })
        .execute();
      expect((await p.planRows(who)).sort()).toEqual(['active:0', 'finished:0']);
    });
  });

  describe('PATCH /api/plan', () => {
    it('pauses, resumes, changes the level, shares and abandons the plan, each in its state', async () => {
      const [who] = await h.people(1);
      const today = todayIn('UTC');
      await p.start(who);
      const paused = h.body<{ plan: { progress: { status: string; pauses: unknown[] } } }>(
        await p.act(who, { action: 'pause' }),
        200,
      );
      expect(paused.plan.progress).toMatchObject({ status: 'paused', pauses: [{ from: today, to: null }] });
      expect((await p.state(who)).plan?.trainingToday).toBe(false);
      expectError(await p.act(who, { action: 'pause' }), 409, 'CONFLICT', MESSAGES.planAlreadyPaused);
      const resumed = h.body<{ plan: { progress: { status: string } } }>(
        await p.act(who, { action: 'resume' }),
        200,
      );
      expect(resumed.plan.progress.status).toBe('active');
      expectError(await p.act(who, { action: 'resume' }), 409, 'CONFLICT', MESSAGES.planNotPaused);

      const level = await p.act(who, { action: 'level', level: 3 });
      expect(
        h.body<{ plan: { progress: { level: number }; next: { sets: unknown } } }>(level, 200).plan.progress
          .level,
      ).toBe(3);
      const settings = (await p.state(who)).plan?.settings as PlanSettings | undefined;
      if (!settings) throw new Error('no plan');
      // The level chosen at the start stays in the settings; the sessions follow the progress's.
      expect(settings.level).toBe(2);
      expect((await p.state(who)).plan?.next).toEqual(sessionAt(settings, 3, 0));

      expect(
        h.body<{ plan: { shared: boolean } }>(await p.act(who, { action: 'share', shared: true }), 200).plan
          .shared,
      ).toBe(true);
      expect(await p.planRows(who)).toEqual(['active:1']);

      const abandoned = h.body<{ plan: null }>(await p.act(who, { action: 'abandon' }), 200);
      expect(abandoned.plan).toBeNull();
      expect(await p.planRows(who)).toEqual(['abandoned:1']);
      expectError(await p.act(who, { action: 'pause' }), 404, 'NOT_FOUND', MESSAGES.planNotFound);
    });

    it('answers 404 without a plan and 400 for an unknown action', async () => {
      const [who] = await h.people(1);
      expectError(await p.act(who, { action: 'level', level: 1 }), 404, 'NOT_FOUND', MESSAGES.planNotFound);
      expectError(
        await p.act(who, { action: 'restart' }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.planActionInvalid,
      );
    });
  });

  describe('placement tests', () => {
    it('keeps a test with the day of its instant in the caller’s zone, and proposes a plan', async () => {
      const [who] = await h.people(1);
      // 23:30 UTC yesterday is already today in Auckland (UTC+12 or +13).
      const date = `${dayFromToday(-1)}T23:30:00.000Z`;
      const id = randomUUID();
      const answer = h.body<{ test: PlacementTest; proposal: unknown }>(
        await p.takeTest(who, { id, count: 8, date }, AUCKLAND),
        201,
      );
      expect(answer).toEqual({
        test: { id, count: 8, day: dayInZone(new Date(date), AUCKLAND), takenAt: date },
        proposal: proposePlan(8),
      });
      expect(answer.test.day).toBe(dayFromToday(0));
      expect((await p.state(who)).latestTest).toEqual(answer.test);
    });

    it('answers the same test sent again as the first time, and keeps it once', async () => {
      const [who, other] = await h.people(2);
      const id = randomUUID();
      const first = h.body(await p.takeTest(who, { id, count: 12 }), 201);
      expect(h.body(await p.takeTest(who, { id, count: 12 }), 201)).toEqual(first);
      expect((await p.rowCounts(who.uuid)).tests).toBe(1);
      expectError(
        await p.takeTest(who, { id, count: 13 }),
        409,
        'ENTRY_CONFLICT',
        MESSAGES.serverEntryConflict,
      );
      expectError(
        await p.takeTest(other, { id, count: 12 }),
        409,
        'ENTRY_CONFLICT',
        MESSAGES.serverEntryIdInUse,
      );
      expect(await p.tests(other)).toEqual([]);
    });

    it('lists the caller’s tests newest first, and refuses a test in the future', async () => {
      const [who] = await h.people(1);
      const older = h.body<{ test: PlacementTest }>(
        await p.takeTest(who, { count: 4, date: `${dayFromToday(-20)}T10:00:00.000Z` }),
        201,
      );
      const newer = h.body<{ test: PlacementTest }>(await p.takeTest(who, { count: 9 }), 201);
      expect(await p.tests(who)).toEqual([newer.test, older.test]);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expectError(
        await p.takeTest(who, { count: 9, date: future }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.futureDate,
      );
    });
  });
});
