import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { stepText } from '@/features/year-heatmap/heatmap-texts';
import { stepOf } from '@/features/year-heatmap/steps';
import type { HeatmapDay } from '@/features/year-heatmap/year-grid';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';

/** The heatmap as a table: every day with push-ups in the 12 months, newest first, with its step. */
export function HeatmapTable({
  days,
  bounds,
  caption,
}: {
  days: readonly HeatmapDay[];
  bounds: readonly number[];
  caption: string;
}) {
  const active = days.filter((day) => day.total > 0).reverse();
  if (active.length === 0) return null;
  return (
    <div className="mt-4 max-h-80 overflow-y-auto rounded-xl ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              <Trans>Day</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <Trans>Pushups</Trans>
            </th>
            <th scope="col" className="px-3 py-2">
              <Trans>Step</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {active.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="px-3 py-1.5 font-normal">
                <Link
                  to={`/log-history?day=${day.day}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {formatDay(day.day, 'short')}
                </Link>
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(day.total)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap text-slate-600">
                {stepText(stepOf(day.total, bounds))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
