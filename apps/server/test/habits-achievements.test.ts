/**
 * Achievements through the API (docs/product.md, "Achievements"; decision 019), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: the catalogue and progress, each kind earned at its threshold by
 * the write that reaches it, still earned when entries go, seen and unseen, and a group's latest.
 */
import {
  ACHIEVEMENTS,
  type AchievementStatus,
  addDays,
  type GroupAchievements,
  habitsCalls,
  MESSAGES,
} from '@pushup/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { localTimeToInstant } from '../src/services/shared/local-time';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { habitsHarness, todayIn } from './habits-helpers';
import { engines, serverForSuite } from './helpers';

describe.each(engines)('habits on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { log, streak, records, achievements, earnedIds, status } = habitsHarness(h);

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
        'plan-finished': 0,
        'challenge-completed': 0,
        'challenge-won': 0,
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

    it('dates what back-dated entries reach by the day of the history they reached it on', async () => {
      const [who] = await h.people(1);
      const zone = 'America/New_York';
      const t = todayIn(zone);
      const noonOf = (offset: number) => localTimeToInstant(addDays(t, offset), '12:00', zone).toISOString();
      const earnedAt = async (id: string) =>
        (await achievements(who, zone)).find((a) => a.id === id)?.earnedAt;

      await log(who, 60, addDays(t, -10), zone);
      expect(await earnedAt('first-entry')).toBe(noonOf(-10));
      expect(await earnedAt('day-50')).toBe(noonOf(-10));
      // 60 on day -10 and 30 on day -4; then 20 on day -7: the history reaches 100 on day -4.
      await log(who, 30, addDays(t, -4), zone);
      await log(who, 20, addDays(t, -7), zone);
      expect(await earnedAt('total-100')).toBe(noonOf(-4));
      // Days -16 to -12, then -11: the run of days -16 to -10 is 7 days long on day -10.
      for (const offset of [-16, -15, -14, -13, -12, -11]) await log(who, 5, addDays(t, offset), zone);
      expect(await earnedAt('streak-7')).toBe(noonOf(-10));
      // A write today that reaches something dates it now.
      const before = new Date().toISOString();
      await log(who, 1000 - 140, undefined, zone);
      const century = await earnedAt('total-1000');
      expect(century && century >= before).toBe(true);
    });

    it('dates what an import reaches by the day of the imported history it was reached on', async () => {
      const [who] = await h.people(1);
      const zone = 'Europe/Berlin';
      const t = todayIn(zone);
      const noonOf = (offset: number) => localTimeToInstant(addDays(t, offset), '12:00', zone).toISOString();
      const rows = [-40, -39, -38, -37, -36, -35, -34, -20].map(
        (offset, i) => `${addDays(t, offset)},${i === 7 ? 120 : 10}`,
      );
      const committed = await h.call(
        who,
        'POST',
        '/api/pushups/import',
        { csv: `date,count\n${rows.join('\n')}\n` },
        zone,
      );
      expect(committed.statusCode, committed.body).toBe(200);
      const earned = Object.fromEntries((await achievements(who, zone)).map((a) => [a.id, a.earnedAt]));
      expect(earned).toMatchObject({
        'first-entry': noonOf(-40),
        'streak-7': noonOf(-34),
        'total-100': noonOf(-20),
        'day-50': noonOf(-20),
        'day-100': noonOf(-20),
      });
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
      // A past deadline can no longer be set (docs/decisions/024), only have been saved before it passed.
      await setGoal(late, { personalGoal: 50 });
      await server().repos.users.update(late.uuid, { goal_deadline: addDays(t, -1) });
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
        // Exactly what the contract describes: its answer schema takes it as it is.
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
      // Earned after those reads (which the process caches): both see it at once.
      await pause();
      await log(member, 100);
      for (const who of [admin, member]) {
        const answer = h.body<GroupAchievements>(await h.call(who, 'GET', url), 200);
        expect(answer[1]?.latest.map((a) => a.id)).toEqual(['day-200', 'day-100', 'total-100']);
      }
      // A new username, with nothing new earned: shown at once too.
      const renamed = `${member.username.slice(0, 20)}_new`;
      expect((await h.call(member, 'PUT', '/api/users/profile', { username: renamed })).statusCode).toBe(200);
      const afterRename = h.body<GroupAchievements>(await h.call(admin, 'GET', url), 200);
      expect(afterRename[1]?.username).toBe(renamed);
      expect(afterRename[1]?.latest.map((a) => a.id)).toEqual(['day-200', 'day-100', 'total-100']);
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
    // The check covers many days: the 365-day streak above wrote that many for one user alone.
    const days = await db.selectFrom('user_days').select('day').execute();
    expect(days.length).toBeGreaterThan(365);
  });
});
