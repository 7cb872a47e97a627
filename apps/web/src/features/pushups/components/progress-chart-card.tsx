import type { DailyTotal, UserProfile } from '@pushup/shared';
import { Settings, TrendingUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDay } from '../../../lib/format-day';
import { type Overlay, progressSeries, reachedTotal } from './charts/chart-data';
import { ChartLoading } from './charts/chart-loading';

const ProgressLineChart = lazy(() =>
  import('./charts/chart-canvas').then((m) => ({ default: m.ProgressLineChart })),
);

const SHOW_GOAL_KEY = 'show-goal';
const numberFormat = new Intl.NumberFormat();

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
  overlays = [],
}: {
  daily: DailyTotal[] | undefined;
  /** The user's current day. */
  today: string;
  /** Given when the daily sums failed to load. */
  onRetry?: (() => void) | undefined;
  profile: UserProfile | undefined;
  /** The selected group's other members, drawn as their own running totals. */
  overlays?: readonly Overlay[];
}) {
  const [showGoal, setShowGoal] = useState(readShowGoal);
  const target = profile?.personalGoal ?? null;
  const goal = showGoal && target !== null ? { target, deadline: profile?.goalDeadline ?? null } : null;
  const series = daily ? progressSeries(daily, today, goal, overlays) : null;

  const summary = series
    ? `Total pushups over time: ${numberFormat.format(series.total)} so far${
        goal
          ? `; goal ${numberFormat.format(goal.target)}${goal.deadline ? ` by ${formatDay(goal.deadline, 'date')}` : ''}`
          : ''
      }${series.overlays
        .map((member) => `; ${member.username}: ${numberFormat.format(reachedTotal(member.values))}`)
        .join('')}`
    : '';

  return (
    <SectionCard
      id="progress-chart"
      title="Overall Progress"
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
            Show Goal
          </button>
          <Link
            to="/profile"
            aria-label="Goal settings"
            title="Goal settings"
            className="flex size-9 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
          >
            <Settings className="size-5" aria-hidden="true" />
          </Link>
        </>
      }
    >
      <div className="h-64">
        {series ? (
          <Suspense fallback={<ChartLoading />}>
            <ProgressLineChart series={series} label={summary} />
          </Suspense>
        ) : (
          <ChartLoading onRetry={onRetry} />
        )}
      </div>
      {showGoal && target === null && profile && (
        <p className="mt-3 text-sm text-slate-600">
          No goal yet.{' '}
          <Link to="/profile" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Set one in your profile
          </Link>{' '}
          to see the progress you need.
        </p>
      )}
      {goal && series && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-teal-700" />
          {series.deadline
            ? `Required progress to ${numberFormat.format(goal.target)} by ${formatDay(series.deadline, 'date')}`
            : `Goal: ${numberFormat.format(goal.target)}`}
        </p>
      )}
    </SectionCard>
  );
}
