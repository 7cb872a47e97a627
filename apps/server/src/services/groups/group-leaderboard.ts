import { addDays, type GroupMemberStats, monthStartOf, TROPHIES, weekStartOf } from '@pushup/shared';
import type { MemberStandingRow } from '../../repositories/memberships.repository';

/**
 * The group leaderboard's rules (docs/product.md, "Group stats"): per member the sums of the week
 * from Sunday and of the month from the 1st (calendar ranges in the viewer's zone) and the running
 * total; ranked by total (ties share a rank), medals for the top 3 with push-ups.
 */

/** An inclusive range of days. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The viewer's week and month as whole calendar ranges: an entry on a day this viewer has not reached
 * (logged in a zone ahead) belongs to the next week or month, not to this one as well.
 */
export function weekAndMonthOf(today: string): { week: DayRange; month: DayRange } {
  const weekStart = weekStartOf(today);
  const monthStart = monthStartOf(today);
  return {
    week: { from: weekStart, to: addDays(weekStart, 6) },
    month: { from: monthStart, to: addDays(monthStartOf(addDays(monthStart, 31)), -1) },
  };
}

/** A member's sums of the viewer's week and month. */
export interface WeekAndMonth {
  week: number;
  month: number;
}

/** The order of names that tie on total: made once (a localeCompare per comparison builds one each time). */
const byName = new Intl.Collator().compare;

/** The members ranked, `sums[i]` being member i's; `callerUuid` marks the caller's row. */
export function rankGroupMembers(
  members: readonly MemberStandingRow[],
  sums: readonly WeekAndMonth[],
  callerUuid: string | null,
): GroupMemberStats[] {
  // Plain objects, no spreads: this runs for every member on every read.
  const rows = members
    .map((member, i) => {
      const sum = sums[i];
      return {
        member,
        nameLower: member.username.toLowerCase(),
        week: sum?.week ?? 0,
        month: sum?.month ?? 0,
      };
    })
    .sort((a, b) => b.member.total - a.member.total || byName(a.nameLower, b.nameLower));
  let rank = 0;
  return rows.map(({ member, week, month }, i): GroupMemberStats => {
    // Ties share the rank of the first of them.
    if (rows[i - 1]?.member.total !== member.total) rank = i + 1;
    const row: GroupMemberStats = {
      uuid: member.user_uuid,
      username: member.username,
      role: member.role,
      week,
      month,
      total: member.total,
      rank,
      isCurrentUser: member.user_uuid === callerUuid,
    };
    const medal = member.total > 0 ? TROPHIES[rank - 1] : undefined;
    if (medal) row.medal = medal;
    return row;
  });
}
