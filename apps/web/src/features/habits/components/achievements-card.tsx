import { ACHIEVEMENTS, type AchievementStatus, MESSAGES } from '@pushup/shared';
import { Trophy } from 'lucide-react';
import { AchievementMedal } from '../../../components/achievement-badge';
import { QueryState } from '../../../components/query-state';
import { SectionCard } from '../../../components/ui/card';
import { formatInstant } from '../../../lib/format-day';
import { useAchievements } from '../api/achievements';

const count = new Intl.NumberFormat();

function AchievementItem({ status }: { status: AchievementStatus }) {
  const definition = ACHIEVEMENTS.find((item) => item.id === status.id);
  if (!definition) return null;
  const earned = status.earnedAt !== null;
  const share = Math.min(1, status.target > 0 ? status.progress / status.target : 0);
  return (
    <li className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <AchievementMedal kind={definition.kind} earned={earned} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{definition.title}</p>
        <p className="text-sm text-slate-600">{definition.description}</p>
        {earned && status.earnedAt ? (
          <p className="mt-0.5 text-sm font-medium text-emerald-800">
            Earned <time dateTime={status.earnedAt}>{formatInstant(status.earnedAt, 'date')}</time>
          </p>
        ) : definition.target > 1 ? (
          <div className="mt-1.5">
            <div
              role="progressbar"
              aria-label={`${definition.title} progress`}
              aria-valuemin={0}
              aria-valuemax={status.target}
              aria-valuenow={status.progress}
              className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${share * 100}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600 tabular-nums">
              {count.format(status.progress)} / {count.format(status.target)}
            </p>
          </div>
        ) : (
          <p className="mt-0.5 text-sm text-slate-500">Not yet</p>
        )}
      </div>
    </li>
  );
}

/** Every achievement: earned ones with their date, the others with the progress towards them. */
export function AchievementsCard() {
  const achievements = useAchievements();
  const earned = achievements.data?.filter((item) => item.earnedAt !== null).length ?? 0;
  return (
    <SectionCard
      id="achievements"
      title="Achievements"
      icon={<Trophy className="size-5" />}
      description={achievements.data ? `${earned} of ${achievements.data.length} earned` : undefined}
    >
      <QueryState query={achievements} loading={MESSAGES.loading} failure={MESSAGES.failedToLoadData}>
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
