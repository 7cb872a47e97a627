import { addDays, type ChallengeKind, type ChallengeStatus, daysBetween } from '@pushup/shared';
import { localTimeToInstant } from '../shared/local-time';

/**
 * The rules of a group challenge (docs/product.md, "Group challenges, cheers and the feed"), with no
 * clock and no database: its window in instants, its status and days left for a viewer, the
 * standings and the pace.
 */

/**
 * When a challenge begins and ends: its start day's first instant in the earliest of the
 * participants' zones, and the instant after its end day in the latest. The result is fixed from
 * `endsAt` on, once every participant's end day is over.
 */
export function challengeWindow(
  startDay: string,
  endDay: string,
  zones: readonly string[],
): { startsAt: string; endsAt: string } {
  const starts = zones.map((zone) => localTimeToInstant(startDay, '00:00', zone).getTime());
  const ends = zones.map((zone) => localTimeToInstant(addDays(endDay, 1), '00:00', zone).getTime());
  return {
    startsAt: new Date(Math.min(...starts)).toISOString(),
    endsAt: new Date(Math.max(...ends)).toISOString(),
  };
}

/** The status in the viewer's days: finished once fixed or once their end day is over. */
export function statusFor(
  challenge: { start_day: string; end_day: string; fixed_at: string | null },
  today: string,
): ChallengeStatus {
  if (challenge.fixed_at !== null || today > challenge.end_day) return 'finished';
  return today < challenge.start_day ? 'upcoming' : 'running';
}

/** Days left in the viewer's days, today included (the whole window before it starts). */
export function daysLeft(challenge: { start_day: string; end_day: string }, today: string): number {
  if (today > challenge.end_day) return 0;
  const from = today < challenge.start_day ? challenge.start_day : today;
  return daysBetween(from, challenge.end_day) + 1;
}

interface Standing<P> {
  participant: P;
  total: number;
  /** Ties share a rank (1, 1, 3). */
  rank: number;
  /** Reached N ('everyone'), won (a race), or took part in reaching N ('together'). */
  reached: boolean;
  /** Among a race's winners (the most push-ups, above 0; ties share the win). */
  won: boolean;
}

export interface Standings<P> {
  rows: Standing<P>[];
  groupTotal: number;
  /** 'everyone': every participant reached N; 'together': the total reached N; a race: someone won. */
  reachedTarget: boolean;
}

/** The participants ranked by total (most first; equal totals keep the order given). */
export function standings<P extends { total: number }>(
  kind: ChallengeKind,
  target: number | null,
  participants: readonly P[],
): Standings<P> {
  const groupTotal = participants.reduce((sum, p) => sum + p.total, 0);
  const sorted = [...participants].sort((a, b) => b.total - a.total);
  const best = sorted[0]?.total ?? 0;
  const n = target ?? 0;
  const together = kind === 'together' && groupTotal >= n;
  // Sorted by total: a participant's rank is 1 + the place of the first with the same total.
  let rank = 0;
  const rows = sorted.map((participant, place) => {
    if (place === 0 || (sorted[place - 1] as P).total !== participant.total) rank = place + 1;
    const won = kind === 'race' && participant.total > 0 && participant.total === best;
    const reached =
      kind === 'race'
        ? won
        : kind === 'everyone'
          ? participant.total >= n
          : together && participant.total > 0;
    return { participant, total: participant.total, rank, reached, won };
  });
  const reachedTarget =
    kind === 'race'
      ? rows.some((row) => row.won)
      : kind === 'everyone'
        ? rows.length > 0 && rows.every((row) => row.reached)
        : together;
  return { rows, groupTotal, reachedTarget };
}

/**
 * How many a day the caller still needs to reach N by the end: their own N ('everyone'), the
 * group's ('together'); null for a race or with no day left.
 */
export function paceOf(
  kind: ChallengeKind,
  target: number | null,
  own: number,
  groupTotal: number,
  left: number,
): { remaining: number; perDay: number; daysLeft: number } | null {
  if (kind === 'race' || target === null || left <= 0) return null;
  const remaining = Math.max(0, target - (kind === 'everyone' ? own : groupTotal));
  return { remaining, perDay: Math.ceil(remaining / left), daysLeft: left };
}
