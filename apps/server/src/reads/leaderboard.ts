import { LEADERBOARD_SIZE, type LeaderboardRow } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { TotalRow } from '../repositories/pushups.repository';
import {
  boardRows,
  leaderboardRow,
  type RankedCandidates,
  rankCandidates,
  showsCaller,
  withHiddenCaller,
} from '../services/leaderboard/ranking';
import { SerializedBody } from './serialized-body';
import { type FinishedTransactions, ShortLivedCache } from './short-lived-cache';

/** The ranked candidates as cached, with what every caller off the board shares. */
interface CachedBoard extends RankedCandidates {
  /** The board's rows as JSON for a caller who is not on it, without the enclosing brackets. */
  topJson: string;
  /**
   * How many shown users have more than a total, for the totals of callers off the board so far:
   * as current as the board itself (a caller's own new total is a new key).
   */
  above: Map<number, number>;
}

/** How many totals' counts a cached board holds before it starts over. */
const ABOVE_CACHED = 20_000;
/**
 * The board's cache key: the version of the leaderboard's privacy it was computed under, so that a
 * user's hiding or deletion, committed in any process, takes a cached board out of use at once
 * (migration 0013); at most the newest two are held.
 */
const boardKey = (privacyVersion: number) => String(privacyVersion);
const BOARDS_CACHED = 2;

/** The board's candidates ranked, with its rows written once for the callers off it. */
export function cachedBoard(candidates: readonly TotalRow[]): CachedBoard {
  const board = rankCandidates(candidates);
  const topJson = JSON.stringify(boardRows(board, null)).slice(1, -1);
  return { ...board, topJson, above: new Map() };
}

/** The shown users above `total`, counted by `count` once per cached board. */
export async function aboveOn(
  board: CachedBoard,
  total: number,
  count: (total: number) => Promise<number>,
): Promise<number> {
  const cached = board.above.get(total);
  if (cached !== undefined) return cached;
  const counted = await count(total);
  if (board.above.size >= ABOVE_CACHED) board.above.clear();
  board.above.set(total, counted);
  return counted;
}

/**
 * GET /api/pushups/leaderboard (services/leaderboard/ranking.ts has its rules). The top is cached
 * for a short time (STALENESS.shortLived) under the version of the leaderboard's privacy; the
 * caller's own row and that version are read every time, and a cached top that shows the caller
 * otherwise is computed again.
 */
export class LeaderboardRead {
  private readonly top: ShortLivedCache<CachedBoard>;

  constructor(
    private readonly repos: Repositories,
    transactions: FinishedTransactions,
    counter: CacheCounter,
  ) {
    this.top = new ShortLivedCache(
      async () => cachedBoard(await repos.pushups.leaderboardCandidates(LEADERBOARD_SIZE)),
      transactions,
      { capacity: BOARDS_CACHED, counter },
    );
  }

  async leaderboard(auth: AuthContext): Promise<LeaderboardRow[] | SerializedBody<LeaderboardRow[]>> {
    const callerUuid = auth.userUuid;
    const { privacyVersion, standing } = await this.repos.pushups.boardStandingOf(callerUuid);
    const key = boardKey(privacyVersion);
    const board = await this.top.get(key, (top) => !callerUuid || showsCaller(top, standing, callerUuid));
    const index = callerUuid ? board.rows.findIndex((row) => row.user_uuid === callerUuid) : -1;
    if (index >= 0 && index < LEADERBOARD_SIZE) return boardRows(board, callerUuid);

    // Most callers are not on the board: its rows as written once, then their own.
    const withOwn = (own?: LeaderboardRow) =>
      SerializedBody.ofParts<LeaderboardRow[]>([
        '[',
        board.topJson,
        own ? `${board.topJson ? ',' : ''}${JSON.stringify(own)}` : '',
        ']',
      ]);
    const listed = index >= 0 ? board.rows[index] : undefined;
    if (listed) return withOwn(leaderboardRow(listed, board.ranks[index] as number, callerUuid));
    if (!standing || standing.total <= 0 || !callerUuid) return withOwn();
    const rank = 1 + (await aboveOn(board, standing.total, (total) => this.repos.pushups.countAbove(total)));
    if (!standing.hidden) return withOwn(leaderboardRow(standing, rank, callerUuid));
    return withHiddenCaller(board, callerUuid, standing, rank);
  }
}
