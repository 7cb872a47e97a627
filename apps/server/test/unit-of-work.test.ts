/**
 * A transaction as the services use it (repositories/unit-of-work.ts): what its writes leave for its
 * end (the rank bands' moves) is made by that transaction alone, and goes back with it. On SQLite,
 * concurrent transactions share one commit (decision 013), each in a savepoint of its own.
 */
import { describe, expect, it } from 'vitest';
import { recountRankBuckets } from '../src/db/rank-buckets';
import { engines } from './helpers';
import { insertUser, repositoriesForSuite, storedRankBands } from './repository-suite';

const NOW = '2025-06-01T12:00:00.000Z';

describe.each(engines)('a unit of work on %s', (engine) => {
  const suite = repositoriesForSuite(engine);

  it('takes back the rank bands’ moves of a transaction that fails, beside one that commits', async () => {
    const [refused, accepted] = [
      (await insertUser(suite().repos, NOW)).uuid,
      (await insertUser(suite().repos, NOW)).uuid,
    ];
    const failure = new Error('refused after its total moved');
    // Started together, so that on SQLite both run in one shared commit, the failing one first.
    const results = await Promise.allSettled([
      suite().repos.transaction(async (r) => {
        await r.pushups.addToTotal(refused, 500, NOW);
        throw failure;
      }),
      suite().repos.transaction((r) => r.pushups.addToTotal(accepted, 40, NOW)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(await suite().repos.pushups.totalOf(refused)).toBeUndefined();
    expect(await storedRankBands(suite())).toEqual(await recountRankBuckets(suite().db.handle.db));
  });
});
