import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanDayState, PlanState } from '@pushup/shared';
import { Check, Dumbbell, Pause, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayStateName } from '@/features/plans/plan-texts';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { weekdayName } from './plan-start-form';

type CalendarDay = NonNullable<PlanState['plan']>['calendar'][number];

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** Each state has its own mark as well as its colour, so the calendar reads without colour. */
const LOOK: Record<PlanDayState, { cell: string; icon: ReactNode }> = {
  done: { cell: 'bg-emerald-100 text-emerald-900', icon: <Check className="size-4" aria-hidden="true" /> },
  missed: { cell: 'bg-red-50 text-red-800', icon: <X className="size-4" aria-hidden="true" /> },
  today: {
    cell: 'bg-brand-700 text-white ring-2 ring-brand-700 ring-offset-2',
    icon: <Dumbbell className="size-4" aria-hidden="true" />,
  },
  upcoming: { cell: 'bg-brand-50 text-brand-900', icon: <Dumbbell className="size-4" aria-hidden="true" /> },
  rest: { cell: 'text-slate-600', icon: null },
  paused: { cell: 'bg-slate-100 text-slate-700', icon: <Pause className="size-4" aria-hidden="true" /> },
};

/** Splits the days into weeks from Monday, with empty places before the first and after the last. */
function weeks(days: readonly CalendarDay[]): (CalendarDay | null)[][] {
  const first = days[0];
  if (!first) return [];
  const lead = (new Date(`${first.day}T12:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const rows: (CalendarDay | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) rows.push(cells.slice(start, start + 7));
  return rows;
}

/**
 * The plan's calendar, a week per row (two weeks back to four ahead): done, missed, today, upcoming
 * training days, rest days and paused days, each with its mark and named for screen readers, and a
 * legend.
 */
export function PlanCalendar({ days }: { days: readonly CalendarDay[] }) {
  const { t } = useLingui();
  const rows = weeks(days);
  return (
    <div>
      <table className="w-full table-fixed border-separate border-spacing-1 text-center">
        <caption className="sr-only">{t`Your plan’s days`}</caption>
        <thead>
          <tr>
            {MONDAY_FIRST.map((weekday) => (
              <th key={weekday} scope="col" className="pb-1 text-xs font-semibold text-slate-600">
                <abbr title={weekdayName(weekday)} className="no-underline">
                  {weekdayName(weekday, 'short')}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.find(Boolean)?.day}>
              {row.map((cell, index) =>
                cell ? (
                  <td key={cell.day} className="p-0">
                    <div
                      className={cn(
                        'flex h-12 flex-col items-center justify-center rounded-lg text-sm font-semibold tabular-nums sm:h-14',
                        LOOK[cell.state].cell,
                      )}
                    >
                      {/* A month's first day names its month: 'Dec 1'. */}
                      <span aria-hidden="true" className={cell.day.endsWith('-01') ? 'text-xs' : undefined}>
                        {cell.day.endsWith('-01')
                          ? formatDay(cell.day, 'axis')
                          : Number(cell.day.slice(8, 10))}
                      </span>
                      {LOOK[cell.state].icon}
                      <span className="sr-only">
                        {formatDay(cell.day, 'full')}: {dayStateName(cell.state)}
                      </span>
                    </div>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty place is only its position
                  <td key={`empty-${index}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700" aria-label={t`Legend`}>
        {(['done', 'missed', 'today', 'upcoming', 'paused'] as const).map((state) => (
          <li key={state} className="flex items-center gap-1.5">
            <span className={cn('flex size-6 items-center justify-center rounded-md', LOOK[state].cell)}>
              {LOOK[state].icon}
            </span>
            {dayStateName(state)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span className="size-6 rounded-md border border-slate-200" />
          <Trans>Rest day</Trans>
        </li>
      </ul>
    </div>
  );
}
