import { useLingui } from '@lingui/react/macro';
import type { AchievementId, ChallengePage } from '@pushup/shared';
import { ShareButton } from '@/features/share-cards/components/share-button';

/** The app's own address: what 'Copy link' gives for a picture of the caller's own. */
function appAddress(): string {
  return `${window.location.origin}/`;
}

/** 'Share' on the dashboard: the day's progress. */
export function ShareTodayButton({
  className,
  buttonClassName,
}: {
  className?: string;
  buttonClassName?: string;
}) {
  const { t } = useLingui();
  return (
    <ShareButton
      target={{ kind: 'progress', period: 'day' }}
      link={appAddress()}
      title={t`My pushups today on Pushup Tracker`}
      className={className}
      buttonClassName={buttonClassName}
    />
  );
}

/**
 * 'Share' on an achievement just earned, in its announcement, from the `sm` width up: on a phone a
 * toast that tall would lie over the counter's total just logged (dashboard-glance.spec.ts).
 */
export function ShareAchievementButton({ id, title }: { id: AchievementId; title: string }) {
  const { t } = useLingui();
  return (
    <ShareButton
      target={{ kind: 'achievement', achievementId: id }}
      link={appAddress()}
      title={t`I earned “${title}” on Pushup Tracker`}
      className="mt-2 hidden sm:block"
    />
  );
}

/** 'Share' on a finished challenge's result: the link is the challenge's page, for the group's members. */
export function ShareChallengeButton({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  const name = challenge.name;
  const link = `${window.location.origin}/groups/${encodeURIComponent(challenge.groupId)}/challenges/${encodeURIComponent(challenge.id)}`;
  return (
    <ShareButton
      target={{ kind: 'challenge', groupId: challenge.groupId, challengeId: challenge.id }}
      link={link}
      title={t`The result of “${name}” on Pushup Tracker`}
    />
  );
}

/** 'Share' on a public profile: its address, whose link preview is the same picture. */
export function ShareProfileButton({ username }: { username: string }) {
  const { t } = useLingui();
  return (
    <ShareButton
      target={{ kind: 'profile', username }}
      link={`${window.location.origin}/u/${encodeURIComponent(username)}`}
      title={t`${username} on Pushup Tracker`}
    />
  );
}
