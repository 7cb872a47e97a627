/**
 * Streaks, personal records, achievements and settings through the API (docs/product.md, "Streaks",
 * "Personal records", "Achievements"), on SQLite and, with TEST_DATABASE_URL, PostgreSQL. Entries are
 * back-dated relative to the real today of each zone: days are the ones each entry carries, "today"
 * is the caller's in the zone of X-Timezone.
 */
import {
  ACHIEVEMENTS,
  type AchievementStatus,
  addDays,
  dayInZone,
  type GroupAchievements,
  habitsCalls,
  MESSAGES,
  type PushupEntry,
  type Records,
  type Streak,
} from '@pushup/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { createTestServer, engines, invitedAccount, type TestServer } from './helpers';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
const HOUR = 3_600_000;

const todayIn = (zone: string) => dayInZone(new Date(), zone);

/** An instant in the middle of `day` in `zone` (for back-dated entries). */
function instantOn(day: string, zone: string): string {
  const base = Date.parse(`${day}T00:00:00Z`);
  const hours = Array.from({ length: 48 }, (_, h) => base + (h - 14) * HOUR).filter(
    (ms) => dayInZone(new Date(ms), zone) === day,
  );
  return new Date(hours[Math.floor(hours.length / 2)] as number).toISOString();
}

describe.each(engines)('streaks, records and achievements on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function log(who: Person, count: number, day?: string, zone = 'UTC'): Promise<PushupEntry> {
    const payload = day === undefined ? { count } : { count, date: instantOn(day, zone) };
    return h.body<PushupEntry>(await h.call(who, 'POST', '/api/pushups', payload, zone), 201);
  }
  async function logAt(who: Person, count: number, date: string, zone: string): Promise<PushupEntry> {
    return h.body<PushupEntry>(await h.call(who, 'POST', '/api/pushups', { count, date }, zone), 201);
  }
  const streak = async (who: Person, zone = 'UTC') =>
    h.body<Streak>(await h.call(who, 'GET', '/api/pushups/streak', undefined, zone), 200);
  const records = async (who: Person, zone = 'UTC') =>
    h.body<Records>(await h.call(who, 'GET', '/api/pushups/records', undefined, zone), 200);
  const achievements = async (who: Person, zone = 'UTC') =>
    h.body<AchievementStatus[]>(await h.call(who, 'GET', '/api/achievements', undefined, zone), 200);
  const earnedIds = async (who: Person) =>
    (await achievements(who)).filter((a) => a.earnedAt !== null).map((a) => a.id);
  const status = async (who: Person, id: string) =>
    (await achievements(who)).find((a) => a.id === id) as AchievementStatus;
  async function setRestDays(who: Person, restDaysPerWeek: number) {
    expect(h.body(await h.call(who, 'PATCH', '/api/users/settings', { restDaysPerWeek }), 200)).toEqual({
      restDaysPerWeek,
      showOnLeaderboard: true,
      language: null,
      theme: null,
    });
  }

  /** The user's user_days rows next to a recount of their entries (they must be equal). */
  async function daysAgainstEntries(userUuid: string) {
    const db = server.db.handle.db;
    const stored = await db
      .selectFrom('user_days')
      .select(['day', 'total'])
      .where('user_uuid', '=', userUuid)
      .orderBy('day')
      .execute();
    const { rows } = await sql<{ day: string; total: number | string }>`
      select day, sum(count) as total from pushups where user_uuid = ${userUuid}
      group by day having sum(count) > 0 order by day`.execute(db);
    return { stored, recounted: rows.map((r) => ({ day: r.day, total: Number(r.total) })) };
  }
  async function expectDaysConsistent(who: Person) {
    const { stored, recounted } = await daysAgainstEntries(who.uuid);
    expect(stored).toEqual(recounted);
  }

  describe('streaks and records', () => {
    it('count the days entries carry: one instant is another day in Auckland than in Los Angeles', async () => {
      const [kiwi, angeleno] = await h.people(2);
      // 20:00 UTC is 09:00 the next day in Auckland and 12:00 the same day in Los Angeles.
      const d = addDays(todayIn('UTC'), -4);
      for (const [offset, count] of [
        [-1, 10],
        [0, 30],
      ] as const) {
        const instant = `${addDays(d, offset)}T20:00:00.000Z`;
        expect((await logAt(kiwi, count, instant, AUCKLAND)).day).toBe(addDays(d, offset + 1));
        expect((await logAt(angeleno, count, instant, LOS_ANGELES)).day).toBe(addDays(d, offset));
      }
      // Read from any zone: the days are the logger's.
      for (const zone of [AUCKLAND, LOS_ANGELES]) {
        expect(await streak(kiwi, zone)).toMatchObject({
          longest: 2,
          longestStart: d,
          longestEnd: addDays(d, 1),
          current: 0,
        });
        expect(await streak(angeleno, zone)).toMatchObject({
          longest: 2,
          longestStart: addDays(d, -1),
          longestEnd: d,
          current: 0,
        });
        expect(await records(kiwi, zone)).toMatchObject({
          bestDay: { day: addDays(d, 1), total: 30 },
          firstDay: d,
          total: 40,
          activeDays: 2,
          averagePerActiveDay: 20,
        });
        expect(await records(angeleno, zone)).toMatchObject({
          bestDay: { day: d, total: 30 },
          firstDay: addDays(d, -1),
        });
      }
      await expectDaysConsistent(kiwi);
      await expectDaysConsistent(angeleno);
    });

    it('take today in the zone of X-Timezone', async () => {
      const [who] = await h.people(1);
      const logged = await log(who, 12, undefined, AUCKLAND);
      const aucklandToday = todayIn(AUCKLAND);
      expect(logged.day).toBe(aucklandToday);
      expect(await streak(who, AUCKLAND)).toMatchObject({
        today: aucklandToday,
        todayLogged: true,
        current: 1,
        currentStart: aucklandToday,
      });
      // Los Angeles is 21 hours behind: there it is still yesterday (but for three hours a day).
      const losAngelesToday = todayIn(LOS_ANGELES);
      const fromLosAngeles = await streak(who, LOS_ANGELES);
      expect(fromLosAngeles.today).toBe(losAngelesToday);
      if (losAngelesToday < aucklandToday) {
        // A day this caller has not reached yet does not count yet.
        expect(fromLosAngeles).toMatchObject({ todayLogged: false, current: 0, longest: 1 });
      } else {
        expect(fromLosAngeles).toMatchObject({ todayLogged: true, current: 1 });
      }
    });

    it('across a change to daylight saving time: the same UTC hour falls on another local day', async () => {
      const [who] = await h.people(1);
      // Los Angeles moves to PDT at 02:00 on Sunday 2025-03-09. 07:30 UTC is 23:30 the day before in
      // PST, 00:30 the same day in PDT: logged every day from the 5th to the 12th, Sunday the 9th
      // gets nothing and the 8th is the last day before it.
      const days: string[] = [];
      for (let n = 5; n <= 12; n++) {
        const count = n >= 10 ? 40 : 10;
        days.push(
          (await logAt(who, count, `2025-03-${String(n).padStart(2, '0')}T07:30:00.000Z`, LOS_ANGELES)).day,
        );
      }
      expect(days).toEqual([
        '2025-03-04',
        '2025-03-05',
        '2025-03-06',
        '2025-03-07',
        '2025-03-08',
        '2025-03-10',
        '2025-03-11',
        '2025-03-12',
      ]);
      expect(await streak(who, LOS_ANGELES)).toMatchObject({
        longest: 5,
        longestStart: '2025-03-04',
        longestEnd: '2025-03-08',
      });
      // The week from Sunday the 9th spans the change: 3 x 40 against 5 x 10 the week before.
      expect(await records(who, LOS_ANGELES)).toMatchObject({
        bestWeek: { weekStart: '2025-03-09', total: 120 },
        bestMonth: { month: '2025-03', total: 170 },
        activeDays: 8,
      });
      expect(await earnedIds(who)).not.toContain('streak-7');
      // One rest day a week covers the 9th: 4th to 12th is one streak of 9 days, and the settings
      // change that makes it earns the 7-day streak.
      await setRestDays(who, 1);
      expect(await streak(who, LOS_ANGELES)).toMatchObject({
        restDaysPerWeek: 1,
        longest: 9,
        longestStart: '2025-03-04',
        longestEnd: '2025-03-12',
      });
      expect(await earnedIds(who)).toContain('streak-7');
    });

    it('across the end of daylight saving time: two instants a day apart fall on one local day', async () => {
      const [who] = await h.people(1);
      // Auckland leaves NZDT at 03:00 on Sunday 2025-04-06: 11:30 UTC is 00:30 the next day before,
      // 23:30 the same day after. The 5th's and the 6th's instants both fall on the 6th.
      const days: string[] = [];
      for (let n = 2; n <= 9; n++) {
        days.push((await logAt(who, 10, `2025-04-0${n}T11:30:00.000Z`, AUCKLAND)).day);
      }
      expect(days).toEqual([
        '2025-04-03',
        '2025-04-04',
        '2025-04-05',
        '2025-04-06',
        '2025-04-06',
        '2025-04-07',
        '2025-04-08',
        '2025-04-09',
      ]);
      expect(await records(who, AUCKLAND)).toMatchObject({
        bestDay: { day: '2025-04-06', total: 20 },
        // The week from Sunday the 6th spans the change.
        bestWeek: { weekStart: '2025-04-06', total: 50 },
        activeDays: 7,
        averagePerActiveDay: 11.4,
      });
      expect(await streak(who, AUCKLAND)).toMatchObject({ longest: 7, longestStart: '2025-04-03' });
      expect(await earnedIds(who)).toContain('streak-7');
      await expectDaysConsistent(who);
    });

    it('a back-dated day joins two runs into one', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      for (const offset of [-6, -5, -4, -2, -1]) await log(who, 10, addDays(t, offset));
      await log(who, 10);
      expect(await streak(who)).toMatchObject({
        current: 3,
        currentStart: addDays(t, -2),
        currentEnd: t,
        todayLogged: true,
        longest: 3,
        longestStart: addDays(t, -6),
      });
      expect(await earnedIds(who)).not.toContain('streak-7');
      const before = new Date().toISOString();
      await log(who, 10, addDays(t, -3));
      const after = new Date().toISOString();
      expect(await streak(who)).toMatchObject({
        current: 7,
        currentStart: addDays(t, -6),
        longest: 7,
        longestStart: addDays(t, -6),
        longestEnd: t,
      });
      const earned = await status(who, 'streak-7');
      expect(earned.earnedAt && earned.earnedAt >= before && earned.earnedAt <= after).toBe(true);
      await expectDaysConsistent(who);
    });

    it('follow edits to 0, re-dated entries and deleted days', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      const first = await log(who, 10, addDays(t, -2));
      const second = await log(who, 20, addDays(t, -1));
      const third = await log(who, 30);
      expect(await streak(who)).toMatchObject({ current: 3, longest: 3 });

      // Yesterday's only entry edited to 0: yesterday has no push-ups, the streak breaks.
      h.body(await h.call(who, 'PATCH', `/api/pushups/${second.uuid}`, { count: 0 }), 200);
      expect(await streak(who)).toMatchObject({ current: 1, currentStart: t, longest: 1 });
      expect(await records(who)).toMatchObject({
        total: 40,
        activeDays: 2,
        bestDay: { day: t, total: 30 },
        firstDay: addDays(t, -2),
      });
      await expectDaysConsistent(who);

      // The first entry re-dated to yesterday: the day before has none left, yesterday and today join.
      h.body(
        await h.call(who, 'PATCH', `/api/pushups/${first.uuid}`, {
          count: 10,
          date: instantOn(addDays(t, -1), 'UTC'),
        }),
        200,
      );
      expect(await streak(who)).toMatchObject({ current: 2, currentStart: addDays(t, -1), longest: 2 });
      expect(await records(who)).toMatchObject({ total: 40, activeDays: 2, firstDay: addDays(t, -1) });
      await expectDaysConsistent(who);

      // Today's only entry deleted: still alive through yesterday, records lose the day.
      expect((await h.call(who, 'DELETE', `/api/pushups/${third.uuid}`)).statusCode).toBe(204);
      expect(await streak(who)).toMatchObject({
        todayLogged: false,
        current: 1,
        currentStart: addDays(t, -1),
        currentEnd: addDays(t, -1),
      });
      expect(await records(who)).toMatchObject({
        total: 10,
        activeDays: 1,
        bestDay: { day: addDays(t, -1), total: 10 },
        bestWeek: { total: 10 },
      });
      // Yesterday's last push-ups deleted (an entry at 0 is left): nothing at all.
      expect((await h.call(who, 'DELETE', `/api/pushups/${first.uuid}`)).statusCode).toBe(204);
      expect(await streak(who)).toMatchObject({ current: 0, longest: 0, longestStart: null });
      expect(await records(who)).toEqual({
        bestDay: null,
        bestWeek: null,
        bestMonth: null,
        total: 0,
        activeDays: 0,
        averagePerActiveDay: 0,
        firstDay: null,
      });
      await expectDaysConsistent(who);
      expect((await daysAgainstEntries(who.uuid)).stored).toEqual([]);
    });

    it('show every change at once, though the server keeps what it computed from the days (issue 19)', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      const bestDayProgress = async () =>
        (await achievements(who)).find((a) => a.id === ACHIEVEMENTS.find((c) => c.kind === 'day')?.id)
          ?.progress;
      const entry = await log(who, 10, addDays(t, -3));
      // Twice: the second answer comes from what the server kept.
      for (let read = 0; read < 2; read++) {
        expect(await records(who)).toMatchObject({ total: 10, firstDay: addDays(t, -3) });
        expect(await streak(who)).toMatchObject({ current: 0, longest: 1 });
      }
      // Re-dated with the same count: the total stays, the days move.
      h.body(
        await h.call(who, 'PATCH', `/api/pushups/${entry.uuid}`, {
          count: 10,
          date: instantOn(addDays(t, -1), 'UTC'),
        }),
        200,
      );
      expect(await records(who)).toMatchObject({ total: 10, firstDay: addDays(t, -1) });
      expect(await streak(who)).toMatchObject({
        current: 1,
        currentStart: addDays(t, -1),
        todayLogged: false,
      });
      // Imported: today joins the streak, the best day grows.
      const imported = await h.call(who, 'POST', '/api/pushups/import', { csv: `date,count\n${t},37\n` });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(await streak(who)).toMatchObject({ current: 2, todayLogged: true });
      expect(await records(who)).toMatchObject({ total: 47, bestDay: { day: t, total: 37 } });
      expect(await bestDayProgress()).toBe(37);
      // Another zone is another today: 25 hours apart, Kiritimati and Pago Pago never share one.
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
        expect((await streak(who, zone)).today).toBe(todayIn(zone));
      }
    });

    it('answer 404 USER_NOT_FOUND to a caller without a profile', async () => {
      const account = await invitedAccount(server);
      for (const url of [
        '/api/pushups/streak',
        '/api/pushups/records',
        '/api/achievements',
        '/api/users/settings',
      ]) {
        expectError(await h.call(account, 'GET', url), 404, 'USER_NOT_FOUND', MESSAGES.serverUserNotFound);
      }
      for (const [method, url, payload] of [
        ['POST', '/api/achievements/seen', { ids: ['first-entry'] }],
        ['PATCH', '/api/users/settings', { restDaysPerWeek: 1 }],
      ] as const) {
        expectError(
          await h.call(account, method, url, payload),
          404,
          'USER_NOT_FOUND',
          MESSAGES.serverUserNotFound,
        );
      }
    });
  });

  describe('settings', () => {
    it('rest days change the streak, and are kept', async () => {
      const [who] = await h.people(1);
      expect(h.body(await h.call(who, 'GET', '/api/users/settings'), 200)).toEqual({
        restDaysPerWeek: 0,
        showOnLeaderboard: true,
        language: null,
        theme: null,
      });
      const t = todayIn('UTC');
      // Logged up to the day before yesterday; yesterday rested; today not yet.
      for (const offset of [-4, -3, -2]) await log(who, 10, addDays(t, offset));
      expect(await streak(who)).toMatchObject({ current: 0, longest: 3, restDaysPerWeek: 0 });
      await setRestDays(who, 1);
      expect(h.body(await h.call(who, 'GET', '/api/users/settings'), 200)).toEqual({
        restDaysPerWeek: 1,
        showOnLeaderboard: true,
        language: null,
        theme: null,
      });
      // Yesterday is the week's one rest day (last week's, when today is Sunday): still alive.
      expect(await streak(who)).toMatchObject({
        current: 3,
        currentStart: addDays(t, -4),
        currentEnd: addDays(t, -2),
        todayLogged: false,
        restDaysPerWeek: 1,
        restDaysUsedThisWeek: new Date(`${t}T00:00:00Z`).getUTCDay() === 0 ? 0 : 1,
      });
      await setRestDays(who, 2);
      expect(await streak(who)).toMatchObject({
        current: 3,
        currentStart: addDays(t, -4),
        currentEnd: addDays(t, -2),
        todayLogged: false,
        restDaysPerWeek: 2,
      });
      await setRestDays(who, 0);
      expect(await streak(who)).toMatchObject({ current: 0, restDaysPerWeek: 0 });
    });

    it('refuses bad values with the message, and changes nothing', async () => {
      const [who] = await h.people(1);
      await setRestDays(who, 2);
      for (const restDaysPerWeek of [3, -1, 1.5, '1', null, 100]) {
        expectError(
          await h.call(who, 'PATCH', '/api/users/settings', { restDaysPerWeek }),
          400,
          'VALIDATION_ERROR',
          MESSAGES.restDaysInvalid,
        );
      }
      expectError(
        await h.call(who, 'PATCH', '/api/users/settings', {}),
        400,
        'VALIDATION_ERROR',
        MESSAGES.settingsEmpty,
      );
      const unknown = await h.call(who, 'PATCH', '/api/users/settings', {
        restDaysPerWeek: 1,
        fontSize: 'large',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(h.body(await h.call(who, 'GET', '/api/users/settings'), 200)).toEqual({
        restDaysPerWeek: 2,
        showOnLeaderboard: true,
        language: null,
        theme: null,
      });
    });
  });

  describe('achievements', () => {
    it('lists the whole catalogue in its order, with progress towards each', async () => {
      const [who] = await h.people(1);
      const none = await achievements(who);
      expect(none.map((a) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
      expect(none.map((a) => a.target)).toEqual(ACHIEVEMENTS.map((a) => a.target));
      expect(none.every((a) => a.earnedAt === null && !a.unseen && a.progress === 0)).toBe(true);

      await log(who, 60);
      const t = todayIn('UTC');
      await log(who, 5, addDays(t, -1));
      const progress = Object.fromEntries((await achievements(who)).map((a) => [a.id, a.progress]));
      expect(progress).toEqual({
        'first-entry': 1,
        'total-100': 65,
        'total-1000': 65,
        'total-10000': 65,
        'total-100000': 65,
        'day-50': 50,
        'day-100': 60,
        'day-200': 60,
        'streak-7': 2,
        'streak-30': 2,
        'streak-100': 2,
        'streak-365': 2,
        'goal-reached': 0,
        'first-group': 0,
      });
    });

    it('earns the totals at their thresholds, each with the instant of the write that reached it', async () => {
      const [who] = await h.people(1);
      let before = new Date().toISOString();
      await log(who, 1);
      let after = new Date().toISOString();
      const first = await status(who, 'first-entry');
      expect(first).toMatchObject({ unseen: true, progress: 1, target: 1 });
      expect(first.earnedAt && first.earnedAt >= before && first.earnedAt <= after).toBe(true);

      await log(who, 98);
      expect(await status(who, 'total-100')).toMatchObject({ earnedAt: null, progress: 99 });
      before = new Date().toISOString();
      await log(who, 1);
      after = new Date().toISOString();
      const century = await status(who, 'total-100');
      expect(century).toMatchObject({ progress: 100, unseen: true });
      expect(century.earnedAt && century.earnedAt >= before && century.earnedAt <= after).toBe(true);
      // The first one keeps its instant.
      expect((await status(who, 'first-entry')).earnedAt).toBe(first.earnedAt);

      // 1,000 and 10,000 today (the daily limit is 10,000), then 100,000 over the nine days before.
      await log(who, 899);
      expect(await status(who, 'total-1000')).toMatchObject({ earnedAt: null, progress: 999 });
      await log(who, 1);
      expect((await status(who, 'total-1000')).earnedAt).not.toBeNull();
      for (let i = 0; i < 8; i++) await log(who, 1000);
      await log(who, 999);
      expect(await status(who, 'total-10000')).toMatchObject({ earnedAt: null, progress: 9999 });
      await log(who, 1);
      expect((await status(who, 'total-10000')).earnedAt).not.toBeNull();
      const t = todayIn('UTC');
      for (let offset = 1; offset <= 9; offset++) {
        for (let i = 0; i < 10; i++)
          await log(who, offset === 9 && i === 9 ? 999 : 1000, addDays(t, -offset));
      }
      expect(await status(who, 'total-100000')).toMatchObject({ earnedAt: null, progress: 99_999 });
      await log(who, 1, addDays(t, -10));
      expect(await status(who, 'total-100000')).toMatchObject({ progress: 100_000, unseen: true });
      expect((await status(who, 'total-100000')).earnedAt).not.toBeNull();
    });

    it('earns the best days at 50, 100 and 200 in one day', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      // Spread over days, a total is no best day.
      for (const offset of [-3, -2, -1]) await log(who, 49, addDays(t, offset));
      expect(await earnedIds(who)).toEqual(['first-entry', 'total-100']);
      await log(who, 49);
      expect(await status(who, 'day-50')).toMatchObject({ earnedAt: null, progress: 49 });
      await log(who, 1);
      expect(await earnedIds(who)).toContain('day-50');
      await log(who, 49);
      expect(await status(who, 'day-100')).toMatchObject({ earnedAt: null, progress: 99 });
      // An edit that raises the day reaches it too.
      const raised = await log(who, 1);
      expect(await earnedIds(who)).toContain('day-100');
      await log(who, 99);
      expect(await status(who, 'day-200')).toMatchObject({ earnedAt: null, progress: 199 });
      h.body(await h.call(who, 'PATCH', `/api/pushups/${raised.uuid}`, { count: 2 }), 200);
      expect(await status(who, 'day-200')).toMatchObject({ progress: 200, target: 200 });
      expect((await status(who, 'day-200')).earnedAt).not.toBeNull();
    });

    it('earns the streaks at 7, 30, 100 and 365 days', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      const checks = new Map([
        [6, 'streak-7'],
        [29, 'streak-30'],
        [99, 'streak-100'],
        [364, 'streak-365'],
      ]);
      // From 364 days ago up to today, oldest first: the run through each new day grows by one.
      for (let n = 1; n <= 365; n++) {
        await log(who, 1, n === 365 ? undefined : addDays(t, n - 365));
        const id = checks.get(n) ?? checks.get(n - 1);
        if (!id) continue;
        const reached = await status(who, id);
        if (checks.has(n))
          expect(reached, `${id} after ${n} days`).toMatchObject({ earnedAt: null, progress: n });
        else expect(reached, `${id} after ${n} days`).toMatchObject({ progress: n, target: n });
        if (!checks.has(n)) expect(reached.earnedAt).not.toBeNull();
      }
      expect(await streak(who)).toMatchObject({ current: 365, longest: 365, todayLogged: true });
    }, 60_000);

    it('earns the goal when the total reaches it by the deadline, or when a goal is set that it meets', async () => {
      const [onTime, late, noDeadline, already] = await h.people(4);
      const t = todayIn('UTC');
      const setGoal = async (who: Person, goal: Record<string, unknown>) =>
        h.body(await h.call(who, 'PATCH', '/api/users/profile-update', goal), 200);

      await setGoal(onTime, { personalGoal: 100, goalDeadline: addDays(t, 10) });
      await log(onTime, 99);
      expect(await status(onTime, 'goal-reached')).toMatchObject({ earnedAt: null, progress: 0, target: 1 });
      await log(onTime, 1);
      expect(await status(onTime, 'goal-reached')).toMatchObject({ progress: 1, unseen: true });
      expect((await status(onTime, 'goal-reached')).earnedAt).not.toBeNull();

      // Past the deadline, reaching the goal earns nothing; a new deadline the total already meets does.
      // A past deadline can no longer be set (issue 20), only have been saved before it passed.
      await setGoal(late, { personalGoal: 50 });
      await server.repos.users.update(late.uuid, { goal_deadline: addDays(t, -1) });
      await log(late, 60);
      expect(await status(late, 'goal-reached')).toMatchObject({ earnedAt: null, progress: 0 });
      await setGoal(late, { goalDeadline: t });
      expect((await status(late, 'goal-reached')).earnedAt).not.toBeNull();

      await setGoal(noDeadline, { personalGoal: 10, goalDeadline: null });
      await log(noDeadline, 10);
      expect((await status(noDeadline, 'goal-reached')).earnedAt).not.toBeNull();

      await log(already, 80);
      // A goal of 0 is refused (docs/decisions/024), so it cannot earn the achievement either.
      await h.body(await h.call(already, 'PATCH', '/api/users/profile-update', { personalGoal: 0 }), 400);
      expect((await status(already, 'goal-reached')).earnedAt).toBeNull();
      await setGoal(already, { personalGoal: 81 });
      expect((await status(already, 'goal-reached')).earnedAt).toBeNull();
      await setGoal(already, { personalGoal: 80 });
      expect((await status(already, 'goal-reached')).earnedAt).not.toBeNull();
    });

    it('earns the first group by creating one, by an invite link and by an accepted request', async () => {
      const [creator, invited, asker, rejoiner] = await h.people(4);
      const group = await h.groupWith(creator, [invited, rejoiner]);
      expect(await earnedIds(creator)).toEqual(['first-group']);
      expect(await earnedIds(invited)).toEqual(['first-group']);
      const request = await h.requestJoin(asker, group.id);
      expect(await earnedIds(asker)).toEqual([]);
      expect(await status(asker, 'first-group')).toMatchObject({ progress: 0 });
      await h.decide(creator, request.requestId, true);
      expect(await status(asker, 'first-group')).toMatchObject({ progress: 1, unseen: true });

      // Removed and accepted again: still the one row, with its first instant.
      const first = (await status(rejoiner, 'first-group')).earnedAt;
      expect(
        (await h.call(creator, 'DELETE', `/api/groups/${group.id}/members/${rejoiner.uuid}`)).statusCode,
      ).toBe(204);
      const rejoin = h.body<{ requestId: string }>(
        await h.call(rejoiner, 'POST', `/api/groups/${group.id}/rejoin`),
        201,
      );
      await h.decide(creator, rejoin.requestId, true);
      expect((await status(rejoiner, 'first-group')).earnedAt).toBe(first);
      const rows = await h
        .db()
        .selectFrom('achievements')
        .selectAll()
        .where('user_uuid', '=', rejoiner.uuid)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('stays earned when entries are lowered or deleted', async () => {
      const [who] = await h.people(1);
      const entries = [await log(who, 60), await log(who, 45)];
      const before = await achievements(who);
      expect(before.filter((a) => a.earnedAt).map((a) => a.id)).toEqual([
        'first-entry',
        'total-100',
        'day-50',
        'day-100',
      ]);
      h.body(await h.call(who, 'PATCH', `/api/pushups/${entries[0]?.uuid}`, { count: 1 }), 200);
      for (const entry of entries)
        expect((await h.call(who, 'DELETE', `/api/pushups/${entry.uuid}`)).statusCode).toBe(204);
      expect(await records(who)).toMatchObject({ total: 0, bestDay: null });
      const earnedOnly = (list: AchievementStatus[]) => list.filter((a) => a.earnedAt !== null);
      const after = await achievements(who);
      expect(earnedOnly(after)).toEqual(earnedOnly(before));
      expect(after.find((a) => a.id === 'total-100')).toMatchObject({ progress: 100, target: 100 });
      expect(after.find((a) => a.id === 'total-1000')).toMatchObject({ earnedAt: null, progress: 0 });
      // Reaching them again earns nothing new: each keeps its first instant.
      await log(who, 100);
      expect(earnedOnly(await achievements(who))).toEqual(earnedOnly(before));
    });

    it('are unseen until POST /api/achievements/seen, which marks only what it names', async () => {
      const [who] = await h.people(1);
      await log(who, 100);
      const unseen = (await achievements(who)).filter((a) => a.unseen).map((a) => a.id);
      expect(unseen).toEqual(['first-entry', 'total-100', 'day-50', 'day-100']);
      const seen = await h.call(who, 'POST', '/api/achievements/seen', {
        ids: ['first-entry', 'day-50', 'streak-365'],
      });
      expect(seen.statusCode, seen.body).toBe(204);
      expect(seen.body).toBe('');
      expect((await achievements(who)).filter((a) => a.unseen).map((a) => a.id)).toEqual([
        'total-100',
        'day-100',
      ]);
      const marked = async () =>
        h
          .db()
          .selectFrom('achievements')
          .select(['achievement_id', 'seen_at'])
          .where('user_uuid', '=', who.uuid)
          .orderBy('achievement_id')
          .execute();
      const once = await marked();
      // Marked again: the first instant stays; an id not earned is not earned by it.
      expect(
        (await h.call(who, 'POST', '/api/achievements/seen', { ids: ['first-entry', 'total-100'] }))
          .statusCode,
      ).toBe(204);
      const twice = await marked();
      expect(twice.find((r) => r.achievement_id === 'first-entry')).toEqual(
        once.find((r) => r.achievement_id === 'first-entry'),
      );
      expect(twice.find((r) => r.achievement_id === 'total-100')?.seen_at).not.toBeNull();
      expect(twice.map((r) => r.achievement_id)).not.toContain('streak-365');
      for (const ids of [[], ['no-such'], 'first-entry', [1]]) {
        expectError(
          await h.call(who, 'POST', '/api/achievements/seen', { ids }),
          400,
          'VALIDATION_ERROR',
          MESSAGES.achievementIdsInvalid,
        );
      }
    });

    it('shows a group’s members their latest three, newest first, and outsiders nothing', async () => {
      const [admin, member, outsider, pending, rejected, removed] = await h.people(6);
      const group = await h.groupWith(admin, [member, removed]);
      await h.requestJoin(pending, group.id);
      await h.decide(admin, (await h.requestJoin(rejected, group.id)).requestId, false);
      expect(
        (await h.call(admin, 'DELETE', `/api/groups/${group.id}/members/${removed.uuid}`)).statusCode,
      ).toBe(204);
      // The member: first-group, then first-entry, then day-50, then total-100 with day-100 in one
      // write (a few milliseconds apart, so each write has its own instant).
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      await log(member, 1);
      await pause();
      await log(member, 60);
      await pause();
      await log(member, 39);
      const url = `/api/groups/${group.id}/achievements`;
      for (const who of [admin, member]) {
        const answer = h.body<GroupAchievements>(await h.call(who, 'GET', url), 200);
        // Sent without the runtime answer check (issue 19): the contract's schema takes it as it is.
        expect(habitsCalls.groupAchievements.answer.parse(answer)).toEqual(answer);
        expect(answer.map((m) => m.username)).toEqual([admin.username, member.username]);
        expect(answer[0]).toEqual({
          uuid: admin.uuid,
          username: admin.username,
          latest: [{ id: 'first-group', earnedAt: expect.any(String) }],
        });
        const latest = answer[1]?.latest ?? [];
        // At most three; one write's achievements in the catalogue's reverse order.
        expect(latest.map((a) => a.id)).toEqual(['day-100', 'total-100', 'day-50']);
        expect(latest[0]?.earnedAt).toBe(latest[1]?.earnedAt);
        expect(latest[1]?.earnedAt && latest[2]?.earnedAt && latest[1].earnedAt > latest[2].earnedAt).toBe(
          true,
        );
      }
      // Earned after those reads (which the process keeps): both see it first at once.
      await pause();
      await log(member, 100);
      for (const who of [admin, member]) {
        const answer = h.body<GroupAchievements>(await h.call(who, 'GET', url), 200);
        expect(answer[1]?.latest.map((a) => a.id)).toEqual(['day-200', 'day-100', 'total-100']);
      }
      for (const who of [outsider, pending, rejected, removed]) {
        expectError(await h.call(who, 'GET', url), 403, 'FORBIDDEN', MESSAGES.serverNotGroupMember);
      }
      expectError(
        await h.call(member, 'GET', '/api/groups/00000000-0000-4000-8000-000000000000/achievements'),
        404,
        'NOT_FOUND',
        MESSAGES.serverGroupNotFound,
      );
    });
  });

  it('deleting an account removes its days and achievements', async () => {
    const [who] = await h.people(1);
    await h.groupWith(who, []);
    await log(who, 120);
    const db = h.db();
    const count = async (table: 'user_days' | 'achievements') =>
      (await db.selectFrom(table).select('user_uuid').where('user_uuid', '=', who.uuid).execute()).length;
    expect(await count('user_days')).toBe(1);
    expect(await count('achievements')).toBe(5);
    expect((await h.call(who, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(await count('user_days')).toBe(0);
    expect(await count('achievements')).toBe(0);
  });

  // Last: every user the suite made.
  it('keeps user_days equal to a recount of every user’s entries', async () => {
    const db = h.db();
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n
      from (select user_uuid, day, sum(count) as sum from pushups group by user_uuid, day having sum(count) > 0) as p
      full join user_days as d on d.user_uuid = p.user_uuid and d.day = p.day
      where p.sum is null or d.total is null or p.sum <> d.total`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
    const days = await db.selectFrom('user_days').select('day').execute();
    expect(days.length).toBeGreaterThan(400);
  });
});
