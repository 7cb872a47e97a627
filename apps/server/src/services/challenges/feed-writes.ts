import type { Repositories } from '../../repositories';
import type { NewFeedLine } from '../../repositories/feed.repository';

/**
 * The group feed's lines (docs/product.md, "Group challenges, cheers and the feed"), each written in
 * the transaction of the write it reports. A line takes the next place of its group's feed; a line
 * with a key (a member's day, a join or a win of a challenge) is written once.
 */

type Line = Omit<NewFeedLine, 'line_key' | 'day' | 'achievement_id' | 'challenge_id' | 'challenge_name'> &
  Partial<NewFeedLine>;

async function writeLine(repos: Repositories, line: Line): Promise<void> {
  const seq = await repos.feed.nextSeq(line.group_id);
  await repos.feed.insertLine(
    {
      line_key: null,
      day: null,
      achievement_id: null,
      challenge_id: null,
      challenge_name: null,
      ...line,
    },
    seq,
  );
}

/**
 * A member's day got its first push-ups: a line in each of their groups ('Anna: 80 push-ups today'),
 * read with the day's sum of the moment, so later entries of the day change it in place: two
 * statements however many groups, the groups' counters raised in order of id
 * (FeedRepository.nextSeqsOfUserGroups).
 */
export async function writeDayLines(repos: Repositories, userUuid: string, day: string, at: string) {
  // A day that had push-ups before (all deleted since) keeps its line: the insert does nothing.
  const lineKey = `day:${userUuid}:${day}`;
  const places = await repos.feed.nextSeqsOfUserGroups(userUuid);
  await repos.feed.insertLines(
    places.map(({ group_id, feed_seq }) => ({
      group_id,
      seq: feed_seq,
      kind: 'day' as const,
      user_uuid: userUuid,
      line_key: lineKey,
      day,
      achievement_id: null,
      challenge_id: null,
      challenge_name: null,
      at,
    })),
  );
}

/** Achievements just earned: a line each in every group of the earner. */
export async function writeAchievementLines(
  repos: Repositories,
  userUuid: string,
  achievementIds: readonly string[],
  at: string,
): Promise<void> {
  if (achievementIds.length === 0) return;
  for (const groupId of await repos.feed.groupsOf(userUuid)) {
    for (const id of achievementIds) {
      await writeLine(repos, {
        group_id: groupId,
        kind: 'achievement',
        user_uuid: userUuid,
        at,
        achievement_id: id,
      });
    }
  }
}

export async function writeMemberJoinedLine(
  repos: Repositories,
  groupId: string,
  userUuid: string,
  at: string,
): Promise<void> {
  await writeLine(repos, { group_id: groupId, kind: 'member-joined', user_uuid: userUuid, at });
}

/** A challenge created, joined (once per member, however often they leave and rejoin) or won. */
export async function writeChallengeLine(
  repos: Repositories,
  kind: 'challenge-created' | 'challenge-joined' | 'challenge-won',
  challenge: { id: string; group_id: string; name: string },
  userUuid: string,
  at: string,
): Promise<void> {
  const lineKey = kind === 'challenge-created' ? null : `${kind}:${challenge.id}:${userUuid}`;
  if (lineKey && (await repos.feed.hasLine(challenge.group_id, lineKey))) return;
  await writeLine(repos, {
    group_id: challenge.group_id,
    kind,
    user_uuid: userUuid,
    at,
    line_key: lineKey,
    challenge_id: challenge.id,
    challenge_name: challenge.name,
  });
}
