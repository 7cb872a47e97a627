import type { Kysely } from 'kysely';
import { rankBucket } from '../db/rank-buckets';
import type { Database } from '../db/schema';

type ApplyMoves = (db: Kysely<Database>, moves: readonly (readonly [number, number])[]) => Promise<void>;

/**
 * The rank bands' moves of running totals (decision 012): a user leaves the band of their old total
 * and joins that of the new one. A band's row is shared by every user with such a total, so inside a
 * transaction the moves are collected and made together at its end (UnitOfWork.beforeCommit), and
 * the rows are held only for the commit; outside one, each move is made at once.
 */
export class RankBandMoves {
  private readonly pending = new Map<number, number>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly applyMoves: ApplyMoves,
    private readonly deferred: boolean,
  ) {}

  /** Moves made at once, outside a transaction. */
  static immediate(db: Kysely<Database>, applyMoves: ApplyMoves): RankBandMoves {
    return new RankBandMoves(db, applyMoves, false);
  }

  /** Moves collected in a transaction, made by `applyPending` before its commit. */
  static deferred(trx: Kysely<Database>, applyMoves: ApplyMoves): RankBandMoves {
    return new RankBandMoves(trx, applyMoves, true);
  }

  /** A user's total went from `from` to `to` (only shown users are in bands). */
  async move(from: number, to: number): Promise<void> {
    const left = rankBucket(from);
    const entered = rankBucket(to);
    if (left === entered) return;
    if (left !== null) this.pending.set(left, (this.pending.get(left) ?? 0) - 1);
    if (entered !== null) this.pending.set(entered, (this.pending.get(entered) ?? 0) + 1);
    if (!this.deferred) await this.applyPending();
  }

  /** Makes the moves collected so far, in one statement. */
  async applyPending(): Promise<void> {
    const moves = [...this.pending].filter(([, users]) => users !== 0).sort(([a], [b]) => a - b);
    this.pending.clear();
    if (moves.length > 0) await this.applyMoves(this.db, moves);
  }
}
