import type { TotalRow } from '../repositories/pushups.repository';

/**
 * How long the top of the global leaderboard kept by one API process may miss the writes of the
 * other processes (docs/product.md, "Leaderboard"). Its own writes end it at once, and a caller whose
 * own row it does not match gets a fresh one: nobody sees their own total late.
 */
export const LEADERBOARD_CACHE_MS = 2000;

/** The leaderboard's candidates, best first, with their competition ranks (1, 1, 3). */
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

interface Kept {
  board: RankedCandidates;
  at: number;
  transactions: number;
}

/**
 * The leaderboard's candidates kept in memory (issue 19): one computation serves every caller until
 * a transaction of this process finishes (any write that moves a total, hides a user or renames one
 * runs in a transaction) or LEADERBOARD_CACHE_MS pass. A computation that a transaction finished
 * during is handed to its callers but not kept, since it may have read the rows before the commit.
 */
export class LeaderboardCache {
  private kept: Kept | undefined;
  private loading: { promise: Promise<RankedCandidates>; transactions: number } | undefined;

  constructor(
    private readonly load: () => Promise<RankedCandidates>,
    private readonly transactionsFinished: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept candidates when still valid; else those of a computation (shared while it runs). */
  get(): Promise<RankedCandidates> {
    const transactions = this.transactionsFinished();
    const kept = this.kept;
    if (kept && kept.transactions === transactions && this.now() - kept.at < LEADERBOARD_CACHE_MS) {
      return Promise.resolve(kept.board);
    }
    if (this.loading && this.loading.transactions === transactions) return this.loading.promise;
    return this.fresh();
  }

  /** A new computation, kept for the next callers: for a caller whose own row the kept one missed. */
  fresh(): Promise<RankedCandidates> {
    const transactions = this.transactionsFinished();
    const at = this.now();
    const promise = this.load().then((board) => {
      if (this.transactionsFinished() === transactions && (!this.kept || this.kept.at <= at)) {
        this.kept = { board, at, transactions };
      }
      return board;
    });
    const loading = { promise, transactions };
    this.loading = loading;
    const settle = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    promise.then(settle, settle);
    return promise;
  }
}
