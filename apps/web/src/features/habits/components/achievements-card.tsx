import { Trans, useLingui } from '@lingui/react/macro';
import { ACHIEVEMENTS, type AchievementStatus } from '@pushup/shared';
import { Trophy } from 'lucide-react';
import { AchievementMedal } from '@/components/achievement-badge';
import { achievementText } from '@/components/achievement-texts';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { useAchievements } from '@/features/habits/api/achievements';
import { formatInstant } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';

function AchievementItem({ status }: { status: AchievementStatus }) {
  const { t } = useLingui();
  const definition = ACHIEVEMENTS.find((item) => item.id === status.id);
  if (!definition) return null;
  const { title, description } = achievementText(definition);
  const earned = status.earnedAt !== null;
  const share = Math.min(1, status.target > 0 ? status.progress / status.target : 0);
  return (
    <li className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <AchievementMedal kind={definition.kind} earned={earned} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{description}</p>
        {earned && status.earnedAt ? (
          <p className="mt-0.5 text-sm font-medium text-emerald-800">
            <EarnedOn instant={status.earnedAt} />
          </p>
        ) : definition.target > 1 ? (
          <div className="mt-1.5">
            <div
              role="progressbar"
              aria-label={t`${title} progress`}
              aria-valuemin={0}
              aria-valuemax={status.target}
              aria-valuenow={status.progress}
              className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${share * 100}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600 tabular-nums">
              {formatNumber(status.progress)} / {formatNumber(status.target)}
            </p>
          </div>
        ) : (
          <p className="mt-0.5 text-sm text-slate-500">
            <Trans>Not yet</Trans>
          </p>
        )}
      </div>
    </li>
  );
}

/** 'Earned November 22, 2026', the date in the active language. */
function EarnedOn({ instant }: { instant: string }) {
  const date = formatInstant(instant, 'date');
  return (
    <Trans>
      Earned <time dateTime={instant}>{date}</time>
    </Trans>
  );
}

/** Every achievement: earned ones with their date, the others with the progress towards them. */
export function AchievementsCard() {
  const { t } = useLingui();
  const achievements = useAchievements();
  const earned = achievements.data?.filter((item) => item.earnedAt !== null).length ?? 0;
  const all = achievements.data?.length ?? 0;
  return (
    <SectionCard
      id="achievements"
      title={t`Achievements`}
      icon={<Trophy className="size-5" />}
      description={achievements.data ? t`${earned} of ${all} earned` : undefined}
    >
      <QueryState
        query={achievements}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(list) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((status) => (
              <AchievementItem key={status.id} status={status} />
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
