import { Trans, useLingui } from '@lingui/react/macro';
import { REST_DAYS_PER_WEEK_MAX } from '@pushup/shared';
import { Flame } from 'lucide-react';
import { useId } from 'react';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { useUpdateSettings } from '@/features/habits/api/settings';
import { useStreak } from '@/features/habits/api/streak';
import { cn } from '@/lib/cn';
import { formatDayRange } from '@/lib/format-day';
import { sharedMessage, sharedTextsNow } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';
import { useSettings } from '@/lib/user-settings';

const REST_CHOICES = Array.from({ length: REST_DAYS_PER_WEEK_MAX + 1 }, (_, days) => days);

/** How many rest days a week keep a streak alive: 0, 1 or 2, saved at once. */
function RestDaysSetting() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const name = useId();
  const chosen = update.isPending ? update.variables?.restDaysPerWeek : settings.data?.restDaysPerWeek;
  return (
    <fieldset className="mt-5 border-t border-slate-200 pt-4">
      <legend className="float-left w-full font-semibold text-slate-900">
        <Trans>Rest days a week</Trans>
      </legend>
      <p className="clear-left text-sm text-slate-600">
        <Trans>Days without pushups that do not break your streak.</Trans>
      </p>
      <div className="mt-2 inline-flex rounded-xl bg-slate-100 p-1">
        {REST_CHOICES.map((days) => (
          <label
            key={days}
            className={cn(
              'min-w-12 cursor-pointer rounded-lg px-3 py-1.5 text-center text-sm font-semibold transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              chosen === days ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={days}
              checked={chosen === days}
              disabled={!settings.data || update.isPending}
              onChange={() => update.mutate({ restDaysPerWeek: days })}
              className="sr-only"
            />
            {formatNumber(days)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The profile's streak card (docs/product.md, "Streaks"): the longest streak, the current one, and the rest days. */
export function StreakCard() {
  const { t } = useLingui();
  const streak = useStreak();
  const { streakLabel } = sharedTextsNow();
  return (
    <SectionCard id="streak" title={t`Streak`} icon={<Flame className="size-5" />}>
      <QueryState
        query={streak}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(data) => (
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <Trans>Longest</Trans>
              </dt>
              <dd className="text-2xl font-extrabold text-slate-900">{streakLabel(data.longest)}</dd>
              {data.longestStart && data.longestEnd && (
                <dd className="text-sm text-slate-600">
                  {formatDayRange(data.longestStart, data.longestEnd)}
                </dd>
              )}
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <Trans>Current</Trans>
              </dt>
              <dd className="text-2xl font-extrabold text-slate-900">{streakLabel(data.current)}</dd>
              {data.current > 0 && !data.todayLogged && (
                <dd className="text-sm text-slate-600">{sharedMessage('logTodayToKeepStreak')}</dd>
              )}
            </div>
          </dl>
        )}
      </QueryState>
      <RestDaysSetting />
    </SectionCard>
  );
}
