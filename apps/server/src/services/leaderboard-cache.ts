import type { TotalRow } from '../repositories/pushups.repository';

/**
 * The leaderboard's candidates, best first, with their competition ranks (1, 1, 3): what an API
 * process keeps of the leaderboard (short-lived-cache.ts), never trusted for the caller's own row.
 */
export interface RankedCandidates {
  rows: readonly TotalRow[];
  ranks: readonly number[];
  /**
   * The board's rows as JSON for a caller who is not on it (none of them theirs), without the
   * enclosing brackets: written once for every such caller.
   */
  topJson: string;
  /**
   * How many shown users have more than a total, for the totals callers off the board had so far
   * (issue 19): as current as the board itself, and a caller's own new total is a new key.
   */
  above: Map<number, number>;
}

/** How many totals' counts a board keeps before it starts over. */
const ABOVE_KEPT = 20_000;

/** The shown users above `total`, counted by `count` once per board (see RankedCandidates.above). */
export async function aboveOn(
  board: RankedCandidates,
  total: number,
  count: (total: number) => Promise<number>,
): Promise<number> {
  const kept = board.above.get(total);
  if (kept !== undefined) return kept;
  const counted = await count(total);
  if (board.above.size >= ABOVE_KEPT) board.above.clear();
  board.above.set(total, counted);
  return counted;
}
