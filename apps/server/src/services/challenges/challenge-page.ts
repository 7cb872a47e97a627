import {
  type ChallengePage,
  type ChallengeParticipant,
  type ChallengeSummary,
  DELETED_USER_NAME,
  dayInZone,
  type FeedPerson,
} from '@pushup/shared';
import type { ChallengeListRow, ResultRow } from '../../repositories/challenges.repository';
import { daysLeft, paceOf, standings, statusFor } from './challenge-rules';

/**
 * A challenge's page (docs/product.md, "Group challenges, cheers and the feed") from what was read:
 * its summary, the participants' days in the window while it runs, its stored result once fixed.
 */

export function summaryOf(row: ChallengeListRow, today: string): ChallengeSummary {
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    name: row.name,
    kind: row.kind,
    target: row.target,
    minPerDay: row.min_per_day,
    startDay: row.start_day,
    endDay: row.end_day,
    status: statusFor(row, today),
    participantCount: Number(row.participant_count),
    joined: Number(row.joined) === 1,
    createdBy:
      row.created_by && row.creator_username
        ? { uuid: row.created_by, username: row.creator_username }
        : null,
    createdAt: row.created_at,
  };
}

/** A participant and their days with push-ups in the window ([day, total], by day). */
export interface ParticipantDays {
  user_uuid: string;
  username: string;
  time_zone: string;
  days: readonly (readonly [string, number])[];
}

/**
 * What a challenge's page shows the same to every viewer while its result is not fixed: the
 * participants' totals of the days at or above the minimum, ranked (none marked as the viewer),
 * each one's today in their own zone, today's leader, the group's total.
 */
export interface RunningStandings {
  participants: ChallengeParticipant[];
  groupTotal: number;
  leader: ChallengePage['todaysLeader'];
  /** Each participant's total, by uuid (the viewer's pace). */
  totals: ReadonlyMap<string, number>;
}

/** The standings of a challenge whose result is not fixed, at `now`. */
export function runningStandings(
  row: ChallengeListRow,
  participants: readonly ParticipantDays[],
  now: Date,
): RunningStandings {
  const min = row.min_per_day ?? 1;
  // Most participants share a few zones: each zone's today is worked out once.
  const zoneToday = new Map<string, string>();
  const counted = participants.map((p) => {
    let today = zoneToday.get(p.time_zone);
    if (today === undefined) {
      today = dayInZone(now, p.time_zone);
      zoneToday.set(p.time_zone, today);
    }
    let total = 0;
    let todays = 0;
    for (const [day, sum] of p.days) {
      if (sum < min) continue;
      total += sum;
      if (day === today) todays = sum;
    }
    return { participant: p, total, today: todays };
  });
  const result = standings(row.kind, row.target, counted);
  const person = (p: ParticipantDays): FeedPerson => ({ uuid: p.user_uuid, username: p.username });
  let leader: RunningStandings['leader'] = null;
  for (const r of result.rows) {
    const today = r.participant.today;
    if (today > 0 && (leader === null || today > leader.today)) {
      leader = { person: person(r.participant.participant), today };
    }
  }
  return {
    participants: result.rows.map((r) => ({
      person: person(r.participant.participant),
      total: r.total,
      rank: r.rank,
      share: row.kind === 'everyone' && row.target ? r.total / row.target : null,
      reached: r.reached,
      today: r.participant.today,
      isCurrentUser: false,
    })),
    groupTotal: result.groupTotal,
    leader,
    totals: new Map(counted.map((c) => [c.participant.user_uuid, c.total])),
  };
}

/**
 * A page while the result is not fixed, all but its participants (`standings.participants`, with
 * the viewer's row marked, complete it): the summary and days left in the viewer's today, today's
 * leader while it runs, the viewer's pace.
 */
export function runningPageHead(
  row: ChallengeListRow,
  shared: RunningStandings,
  viewerUuid: string,
  viewerToday: string,
): Omit<ChallengePage, 'participants'> {
  const summary = summaryOf(row, viewerToday);
  const left = daysLeft(row, viewerToday);
  const own = shared.totals.get(viewerUuid);
  return {
    ...summary,
    daysLeft: left,
    groupTotal: shared.groupTotal,
    todaysLeader: summary.status === 'running' ? shared.leader : null,
    pace:
      own !== undefined && summary.status !== 'finished'
        ? paceOf(row.kind, row.target, own, shared.groupTotal, left)
        : null,
    result: null,
  };
}

/** A fixed result, from its own rows: the days are never read again. */
export function fixedPage(
  row: ChallengeListRow,
  results: readonly (ResultRow & { in_group: number })[],
  viewerUuid: string,
  viewerToday: string,
): ChallengePage {
  const person = (r: (typeof results)[number]): FeedPerson =>
    r.user_uuid === null || r.username === null
      ? { uuid: null, username: DELETED_USER_NAME }
      : { uuid: r.in_group === 1 ? r.user_uuid : null, username: r.username };
  const groupTotal = results.reduce((sum, r) => sum + r.total, 0);
  const participants: ChallengeParticipant[] = results.map((r) => ({
    person: person(r),
    total: r.total,
    rank: r.rank,
    share: row.kind === 'everyone' && row.target ? r.total / row.target : null,
    reached: r.reached === 1,
    today: null,
    isCurrentUser: r.user_uuid === viewerUuid,
  }));
  const winners = row.kind === 'race' ? results.filter((r) => r.reached === 1).map(person) : [];
  const reachedTarget =
    row.kind === 'race'
      ? winners.length > 0
      : row.kind === 'everyone'
        ? results.length > 0 && results.every((r) => r.reached === 1)
        : groupTotal >= (row.target ?? 0);
  return {
    ...summaryOf(row, viewerToday),
    status: 'finished',
    daysLeft: 0,
    groupTotal,
    participants,
    todaysLeader: null,
    pace: null,
    result: { fixedAt: row.fixed_at ?? '', winners, reachedTarget, groupTotal },
  };
}
