import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { RankBandMoves } from './rank-band-moves';

/**
 * One transaction as the services use it: the repositories bound to it (`repositoriesOn`), and what
 * its writes leave for its end. The rank bands' moves are collected while the work runs and made in one
 * statement just before the commit (their rows are shared by every user with such a total, so they
 * are held only for the commit); a work that fails leaves none behind, since its unit goes with it.
 */
export class UnitOfWork<R> {
  readonly repos: R;
  private readonly rankBands: RankBandMoves;

  constructor(
    trx: Kysely<Database>,
    engine: EngineSql,
    repositoriesOn: (trx: Kysely<Database>, rankBands: RankBandMoves) => R,
  ) {
    this.rankBands = RankBandMoves.deferred(trx, engine.applyRankBandMoves);
    this.repos = repositoriesOn(trx, this.rankBands);
  }

  /** Runs `work` on this unit's repositories, then what it left for the end. */
  async run<T>(work: (repos: R) => Promise<T>): Promise<T> {
    const result = await work(this.repos);
    await this.rankBands.applyPending();
    return result;
  }
}
