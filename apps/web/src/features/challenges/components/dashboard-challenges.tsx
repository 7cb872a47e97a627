import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { localDay } from '@pushup/shared';
import { Heart, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/card';
import { useCheersReceived, useRunningChallenges } from '@/features/challenges/api/challenges';
import { daysLeftText } from '@/features/challenges/challenge-texts';
import { CheerPushSwitch } from '@/features/challenges/components/cheer-push-switch';
import { challengePath } from '@/features/challenges/links';
import { formatNumber } from '@/lib/i18n/format';

/** 'Cheered by anna today', 'Cheered by anna and ben today', 'Cheered by anna and 2 others today'. */
function useCheeredToday(cheers: ReturnType<typeof useCheersReceived>): string | null {
  const { t } = useLingui();
  const today = localDay(new Date());
  const names = [
    ...new Set((cheers.data?.received ?? []).filter((c) => c.day === today).map((c) => c.from.username)),
  ];
  const first = names[0];
  if (first === undefined) return null;
  if (names.length === 1) return t`Cheered by ${first} today`;
  if (names.length === 2) {
    const second = names[1];
    return t`Cheered by ${first} and ${second} today`;
  }
  const others = names.length - 1;
  return plural(others, {
    one: `Cheered by ${first} and # other today`,
    other: `Cheered by ${first} and # others today`,
  });
}

/**
 * The dashboard's line of the caller's challenges: who cheered their day today, and each running
 * challenge in a line with its link. Nothing when there is neither.
 */
export function DashboardChallenges({ className }: { className?: string }) {
  const { t } = useLingui();
  const running = useRunningChallenges();
  const cheers = useCheersReceived();
  const cheered = useCheeredToday(cheers);
  const challenges = running.data ?? [];
  if (challenges.length === 0 && !cheered) return null;
  return (
    <div className={className}>
      <SectionCard id="your-challenges" title={t`Your challenges`} icon={<Trophy className="size-5" />}>
        {cheered && (
          <p className="mb-3 flex items-center gap-2 font-semibold text-brand-800">
            <Heart className="size-4 shrink-0" aria-hidden="true" />
            {cheered}
          </p>
        )}
        {challenges.length > 0 && (
          <ul aria-label={t`Running challenges`} className="flex flex-col gap-2">
            {challenges.map((challenge) => {
              const rank = formatNumber(challenge.myRank);
              const total = formatNumber(challenge.myTotal);
              const standing =
                challenge.kind === 'race'
                  ? t`#${rank} with ${total}`
                  : challenge.kind === 'everyone' && challenge.target !== null
                    ? t`${total} of ${formatNumber(challenge.target)}`
                    : t`Together ${formatNumber(challenge.groupTotal)} of ${formatNumber(challenge.target ?? 0)}`;
              return (
                <li key={challenge.id}>
                  <Link
                    to={challengePath(challenge.groupId, challenge.id)}
                    className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-0.5 rounded-xl border border-slate-200 px-4 py-2 hover:border-brand-700 hover:bg-brand-50"
                  >
                    <span className="font-semibold break-words text-slate-900">{challenge.name}</span>
                    <span className="text-sm text-slate-600">
                      {challenge.groupName} · {standing} · {daysLeftText(challenge.daysLeft)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {cheers.data && <CheerPushSwitch on={cheers.data.pushOnCheer} />}
      </SectionCard>
    </div>
  );
}
