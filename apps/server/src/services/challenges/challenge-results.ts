import type { Repositories } from '../../repositories';
import { earnChallengeResult } from '../habits/earning';
import { standings } from './challenge-rules';
import { writeChallengeLine } from './feed-writes';

/**
 * Fixes a challenge's result once its end has passed in every participant's zone (docs/product.md,
 * "Group challenges, cheers and the feed"): the totals of that moment are stored, the race's winners
 * get their feed line, and the achievements are earned, in one transaction. Whoever comes first
 * does it (the first read after the end, or the reminder loop's tick); the others find it fixed.
 * Entries re-dated or deleted afterwards never change what was stored.
 * Answers whether this call fixed it.
 */
export async function fixResultIfDue(
  repos: Repositories,
  challengeId: string,
  now: string,
): Promise<boolean> {
  return repos.transaction(async (trx) => {
    await trx.challenges.lockChallenge(challengeId);
    const challenge = await trx.challenges.findById(challengeId);
    if (!challenge || challenge.fixed_at !== null || challenge.ends_at > now) return false;
    const totals = await trx.challenges.participantTotals(
      challenge.id,
      challenge.start_day,
      challenge.end_day,
      challenge.min_per_day,
    );
    const result = standings(challenge.kind, challenge.target, totals);
    // Lines go to the group and to every group of those who earn something: the counters are taken
    // in one order first, so this never deadlocks with a log writing to the same groups.
    // Completed: reached N ('everyone'), took part in reaching it ('together'), or finished a race
    // with push-ups in it.
    const earners = result.rows.filter((row) => (challenge.kind === 'race' ? row.total > 0 : row.reached));
    const groups = [challenge.group_id];
    for (const row of earners) groups.push(...(await trx.feed.groupsOf(row.participant.user_uuid)));
    await trx.feed.lockCounters(groups);
    if (!(await trx.challenges.claimFix(challenge.id, now))) return false;
    await trx.challenges.insertResults(
      challenge.id,
      result.rows.map((row) => ({
        user_uuid: row.participant.user_uuid,
        total: row.total,
        rank: row.rank,
        reached: row.reached,
      })),
    );
    for (const row of result.rows.filter((r) => r.won)) {
      await writeChallengeLine(trx, 'challenge-won', challenge, row.participant.user_uuid, now);
    }
    for (const row of earners) await earnChallengeResult(trx, row.participant.user_uuid, row.won, now);
    return true;
  });
}
