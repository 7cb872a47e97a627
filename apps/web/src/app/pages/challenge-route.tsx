import type { ChallengePage as ChallengePageData } from '@pushup/shared';
import { ChallengePage } from '@/features/challenges/components/challenge-page';
import { ShareChallengeButton } from '@/features/share-cards/components/share-slots';

function shareResult(challenge: ChallengePageData) {
  return <ShareChallengeButton challenge={challenge} />;
}

/** /groups/:id/challenges/:challengeId: the challenges feature's page, with 'Share' on a finished result. */
export function ChallengeRoute() {
  return <ChallengePage share={shareResult} />;
}
