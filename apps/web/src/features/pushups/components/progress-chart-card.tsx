import { Trans, useLingui } from '@lingui/react/macro';
import type { DailyTotal, UserProfile } from '@pushup/shared';
import { Settings, TrendingUp } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import type { DaysOffline } from '@/lib/pushup-queries';
import { type Overlay, progressSeries, reachedTotal } from './charts/chart-data';
import { ChartEmpty, ChartLoading, DeviceOnlyNote } from './charts/chart-loading';
import { DeferredChart } from './charts/deferred-chart';

const ProgressLineChart = lazy(() =>
  import('./charts/chart-canvas').then((m) => ({ default: m.ProgressLineChart })),
);

const SHOW_GOAL_KEY = 'show-goal';

function readShowGoal(): boolean {
  try {
    return window.localStorage.getItem(SHOW_GOAL_KEY) !== 'false';
  } catch {
    return true;
  }
}

function writeShowGoal(show: boolean): void {
  try {
    window.localStorage.setItem(SHOW_GOAL_KEY, String(show));
  } catch {
    // Storage disabled: the toggle still works for this visit.
  }
}

/** 'Overall Progress': the running total, and the line to the goal when 'Show Goal' is on. */
export function ProgressChartCard({
  daily,
  profile,
  today,
  onRetry,
  offline = null,
  overlays = [],
}: {
  daily: DailyTotal[] | undefined;
  /** The user's current day. */
  today: string;
  /** Given when the daily sums failed to load. */
  onRetry?: (() => void) | undefined;
  /** Offline without the server's sums: only this device's entries, or nothing (lib/pushup-queries.ts). */
  offline?: DaysOffline;
  profile: UserProfile | undefined;
  /** The selected group's other members, drawn as their own running totals. */
  overlays?: readonly Overlay[];
}) {
  const { t } = useLingui();
  const [showGoal, setShowGoal] = useState(readShowGoal);
  const target = profile?.personalGoal ?? null;
  // Drawn from this device's entries alone, the total is a lower bound: no line of what is left to do.
  const goal =
    showGoal && target !== null && offline !== 'device-only'
      ? { target, deadline: profile?.goalDeadline ?? null }
      : null;
  const series = daily ? progressSeries(daily, today, goal, overlays) : null;

  const goalTarget = goal ? formatNumber(goal.target) : '';
  const goalDate = goal?.deadline ? formatDay(goal.deadline, 'date') : '';
  const requiredBy = series?.deadline ? formatDay(series.deadline, 'date') : '';

  let summary = '';
  if (series) {
    const total = formatNumber(series.total);
    summary = t`Total pushups over time: ${total} so far`;
    if (goal) summary += goal.deadline ? t`; goal ${goalTarget} by ${goalDate}` : t`; goal ${goalTarget}`;
    for (const member of series.overlays) {
      summary += `; ${member.username}: ${formatNumber(reachedTotal(member.values))}`;
    }
  }

  return (
    <SectionCard
      id="progress-chart"
      title={t`Overall Progress`}
      icon={<TrendingUp className="size-5" />}
      actions={
        <>
          <button
            type="button"
            role="switch"
            aria-checked={showGoal}
            onClick={() => {
              setShowGoal(!showGoal);
              writeShowGoal(!showGoal);
            }}
            className="inline-flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            <span
              aria-hidden="true"
              className={cn(
                'relative inline-block h-5 w-9 rounded-full transition-colors',
                showGoal ? 'bg-teal-700' : 'bg-slate-300',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
                  showGoal && 'translate-x-4',
                )}
              />
            </span>
            <Trans>Show Goal</Trans>
          </button>
          <Link
            to="/profile"
            aria-label={t`Goal settings`}
            title={t`Goal settings`}
            className="flex size-9 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
          >
            <Settings className="size-5" aria-hidden="true" />
          </Link>
        </>
      }
    >
      <div className="h-64">
        {series && daily?.length === 0 && overlays.length === 0 && !goal ? (
          <ChartEmpty />
        ) : series ? (
          <DeferredChart>
            <ProgressLineChart series={series} label={summary} />
          </DeferredChart>
        ) : (
          <ChartLoading onRetry={onRetry} offline={offline} />
        )}
      </div>
      <DeviceOnlyNote offline={offline} />
      {showGoal && target === null && profile && (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>
            No goal yet.{' '}
            <Link to="/profile" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
              Set one in your profile
            </Link>{' '}
            to see the progress you need.
          </Trans>
        </p>
      )}
      {goal && series && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-teal-700" />
          {series.deadline ? t`Required progress to ${goalTarget} by ${requiredBy}` : t`Goal: ${goalTarget}`}
        </p>
      )}
    </SectionCard>
  );
}
