import { LEADERBOARD_SIZE, type LeaderboardRow, TROPHIES } from '@pushup/shared';
import type { StandingRow, TotalRow } from '../../repositories/pushups.repository';

/**
 * The global leaderboard's rules (docs/product.md, "Leaderboard" and "Leaderboard visibility"): the
 * top LEADERBOARD_SIZE users by running total, ties sharing a rank (1, 1, 3), trophies for ranks 1-3,
 * and the caller's own row with its true rank when it is outside them.
 */

/** Best first; ties by username (usernames are unique ignoring case, so the order is total). */
function byTotalThenName(a: TotalRow, b: TotalRow): number {
  if (a.total !== b.total) return b.total - a.total;
  return a.username_lower < b.username_lower ? -1 : a.username_lower > b.username_lower ? 1 : 0;
}

export function leaderboardRow(row: TotalRow, rank: number, callerUuid: string | null): LeaderboardRow {
  const answer: LeaderboardRow = {
    rank,
    username: row.username,
    total: row.total,
    isCurrentUser: row.user_uuid === callerUuid,
  };
  // Set, not spread: V8 copies a spread object property by property, on every row of every read.
  const trophy = TROPHIES[rank - 1];
  if (trophy) answer.trophy = trophy;
  return answer;
}

/** The leaderboard's candidates, best first, with their competition ranks (1, 1, 3). */
export interface RankedCandidates {
  rows: readonly TotalRow[];
  ranks: readonly number[];
}

/**
 * Ranks the leaderboard's candidates (every shown user at or above the cut, so that every user with a
 * higher total is among them and positions give competition ranks).
 */
export function rankCandidates(candidates: readonly TotalRow[]): RankedCandidates {
  const rows = [...candidates].sort(byTotalThenName);
  const ranks: number[] = [];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    ranks.push(previous && previous.total === row.total ? (ranks[i - 1] as number) : i + 1);
  });
  return { rows, ranks };
}

/** The board's rows as a caller sees them. */
export function boardRows(board: RankedCandidates, callerUuid: string | null): LeaderboardRow[] {
  return board.rows
    .slice(0, LEADERBOARD_SIZE)
    .map((row, i) => leaderboardRow(row, board.ranks[i] as number, callerUuid));
}

/**
 * Whether the candidates show the caller as their own row says: with the same total and name when
 * they are among them, else not belonging there (hidden, nothing logged, or below the cut). A
 * candidate list computed before the caller's own last write fails this.
 */
export function showsCaller(
  board: RankedCandidates,
  standing: StandingRow | undefined,
  callerUuid: string,
): boolean {
  const listed = board.rows.find((row) => row.user_uuid === callerUuid);
  if (!standing || standing.hidden || standing.total <= 0) return listed === undefined;
  if (listed) return listed.total === standing.total && listed.username === standing.username;
  const cut = board.rows[LEADERBOARD_SIZE - 1];
  return cut !== undefined && standing.total < cut.total;
}

/**
 * The board with a hidden caller's own row (marked hidden, ranked among the shown users) in its
 * place: among the rows when the board is not full or the caller would be on it; else after them.
 */
export function withHiddenCaller(
  board: RankedCandidates,
  callerUuid: string,
  standing: StandingRow,
  rank: number,
): LeaderboardRow[] {
  const rows = boardRows(board, callerUuid);
  const hiddenRow: LeaderboardRow = { ...leaderboardRow(standing, rank, callerUuid), hidden: true };
  const last = board.rows[rows.length - 1];
  const at =
    rows.length < LEADERBOARD_SIZE || (last && byTotalThenName(standing, last) < 0)
      ? board.rows.slice(0, rows.length).findIndex((row) => byTotalThenName(standing, row) < 0)
      : -1;
  return at < 0 ? [...rows, hiddenRow] : [...rows.slice(0, at), hiddenRow, ...rows.slice(at)];
}
