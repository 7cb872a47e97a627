/**
 * Streaks, personal records and the settings they follow, through the API (docs/product.md,
 * "Streaks", "Personal records"), on SQLite and, with TEST_DATABASE_URL, PostgreSQL. Entries are
 * back-dated relative to the real today of each zone: days are the ones each entry carries, "today"
 * is the caller's in the zone of X-Timezone.
 */
import { ACHIEVEMENTS, addDays, MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness } from './groups-helpers';
import { AUCKLAND, habitsHarness, instantOn, LOS_ANGELES, todayIn } from './habits-helpers';
import { engines, invitedAccount, serverForSuite } from './helpers';

describe.each(engines)('habits on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const {
    log,
    logAt,
    streak,
    records,
    achievements,
    earnedIds,
    status,
    setRestDays,
    daysAgainstEntries,
    expectDaysConsistent,
  } = habitsHarness(h);

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

    it('show every change at once, though the server caches what it computed from the days', async () => {
      const [who] = await h.people(1);
      const t = todayIn('UTC');
      const bestDayProgress = async () =>
        (await achievements(who)).find((a) => a.id === ACHIEVEMENTS.find((c) => c.kind === 'day')?.id)
          ?.progress;
      const entry = await log(who, 10, addDays(t, -3));
      // Twice: the second answer comes from what the server cached.
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
      const account = await invitedAccount(server());
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
});
