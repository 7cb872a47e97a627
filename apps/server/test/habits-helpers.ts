/**
 * Shared setup of the habits tests (docs/product.md, "Streaks", "Personal records", "Achievements"):
 * entries back-dated relative to the real today of each zone, and the reads of streaks, records,
 * achievements and settings through the API.
 */
import {
  type AchievementStatus,
  dayInZone,
  type PushupEntry,
  type Records,
  type Streak,
} from '@pushup/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { GroupsHarness, Person } from './groups-helpers';

export const AUCKLAND = 'Pacific/Auckland';
export const LOS_ANGELES = 'America/Los_Angeles';
const HOUR = 3_600_000;

export const todayIn = (zone: string) => dayInZone(new Date(), zone);

/** An instant in the middle of `day` in `zone` (for back-dated entries). */
export function instantOn(day: string, zone: string): string {
  const base = Date.parse(`${day}T00:00:00Z`);
  const hours = Array.from({ length: 48 }, (_, h) => base + (h - 14) * HOUR).filter(
    (ms) => dayInZone(new Date(ms), zone) === day,
  );
  return new Date(hours[Math.floor(hours.length / 2)] as number).toISOString();
}

/** Logging and the habit reads for one test server's users. */
export function habitsHarness(h: GroupsHarness) {
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
    const db = h.db();
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

  return {
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
  };
}
