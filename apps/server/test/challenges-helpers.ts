/**
 * Shared setup of the group challenges, cheers and feed tests (docs/product.md, "Group challenges,
 * cheers and the feed"): a clock the test moves (the challenges' today and the fixing of results;
 * entries are still checked against the real time), calls in a caller's zone, and entries logged at
 * an exact local time.
 */
import {
  addDays,
  type ChallengePage,
  type CreateChallengeBody,
  dayInZone,
  type FeedPage,
  type GroupChallenges,
  type PushupEntry,
} from '@pushup/shared';
import { expect } from 'vitest';
import { localTimeToInstant } from '../src/services/shared/local-time';
import { groupsHarness, type Method, type Person, type Reply } from './groups-helpers';
import type { TestServer } from './helpers';
import type { manualClock } from './reminders-helpers';

export const AUCKLAND = 'Pacific/Auckland';
export const LOS_ANGELES = 'America/Los_Angeles';
const DAY_MS = 24 * 60 * 60 * 1000;

export function challengesHarness(getServer: () => TestServer, clock: ReturnType<typeof manualClock>) {
  const h = groupsHarness(getServer);
  /** The zone each person calls in (UTC unless set). */
  const zones = new Map<string, string>();
  const zoneOf = (who: Person) => zones.get(who.uuid) ?? 'UTC';

  const call = (who: Person, method: Method, url: string, payload?: unknown): Promise<Reply> =>
    h.call(who, method, url, payload, zoneOf(who));

  /** The clock `days` days before the real now: a challenge can start in the past of the entries. */
  function backInTime(days: number): string {
    const at = new Date(Date.now() - days * DAY_MS).toISOString();
    clock.set(at);
    return dayInZone(new Date(at), 'UTC');
  }

  async function createChallenge(
    who: Person,
    groupId: string,
    body: Partial<CreateChallengeBody> & Pick<CreateChallengeBody, 'startDay' | 'endDay'>,
  ): Promise<ChallengePage> {
    const payload = { name: 'Push week', kind: 'race', ...body };
    return h.body<ChallengePage>(await call(who, 'POST', `/api/groups/${groupId}/challenges`, payload), 201);
  }

  async function page(who: Person, groupId: string, challengeId: string): Promise<ChallengePage> {
    return h.body<ChallengePage>(
      await call(who, 'GET', `/api/groups/${groupId}/challenges/${challengeId}`),
      200,
    );
  }

  async function list(who: Person, groupId: string): Promise<GroupChallenges> {
    return h.body<GroupChallenges>(await call(who, 'GET', `/api/groups/${groupId}/challenges`), 200);
  }

  async function join(who: Person, groupId: string, challengeId: string): Promise<void> {
    const reply = await call(who, 'PUT', `/api/groups/${groupId}/challenges/${challengeId}/participation`);
    expect(reply.statusCode, reply.body).toBe(204);
  }

  /** Logs `count` at `time` (HH:MM) of `day` in the person's zone (the real log path). */
  async function logAt(who: Person, count: number, day: string, time = '12:00'): Promise<PushupEntry> {
    const date = localTimeToInstant(day, time, zoneOf(who)).toISOString();
    return h.body<PushupEntry>(await call(who, 'POST', '/api/pushups', { count, date }), 201);
  }

  async function feed(who: Person, groupId: string, query = ''): Promise<FeedPage> {
    return h.body<FeedPage>(await call(who, 'GET', `/api/groups/${groupId}/feed${query}`), 200);
  }

  /** Each participant's name and total, by place. */
  const totals = (p: ChallengePage) => p.participants.map((x) => [x.person.username, x.total, x.rank]);

  return {
    ...h,
    call,
    zones,
    zoneOf,
    backInTime,
    createChallenge,
    page,
    list,
    join,
    logAt,
    feed,
    totals,
    addDays,
  };
}
