import { Trans, useLingui } from '@lingui/react/macro';
import type { DailyTotal } from '@pushup/shared';
import { BarChart3 } from 'lucide-react';
import { lazy } from 'react';
import { SectionCard } from '@/components/ui/card';
import { formatNumber } from '@/lib/i18n/format';
import type { DaysOffline } from '@/lib/pushup-queries';
import { dailyBars, type Overlay } from './charts/chart-data';
import { ChartEmpty, ChartLoading, DeviceOnlyNote } from './charts/chart-loading';
import { DaysWindowPicker, useDaysWindow, useTableDayName } from './charts/days-window';
import { DeferredChart } from './charts/deferred-chart';

const DailyBarChart = lazy(() => import('./charts/chart-canvas').then((m) => ({ default: m.DailyBarChart })));

/** 'Last N Days': a bar per day, 7 or 30 days (7 by default under 768 px). */
export function DailyChartCard({
  daily,
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
  /** The selected group's other members, drawn beside the user's bars. */
  overlays?: readonly Overlay[];
}) {
  const { t } = useLingui();
  const [days, setDays] = useDaysWindow();
  const bars = daily ? dailyBars(daily, today, days, overlays) : null;
  const sum = formatNumber(bars?.counts.reduce((a, b) => a + b, 0) ?? 0);
  const dayName = useTableDayName(today);
  const count = (value: number | null) => (value === null ? '' : formatNumber(value));

  return (
    <SectionCard
      id="daily-chart"
      title={t`Last ${days} Days`}
      icon={<BarChart3 className="size-5" />}
      actions={<DaysWindowPicker days={days} onChange={setDays} />}
    >
      <div className="h-64">
        {bars && daily?.length === 0 && overlays.length === 0 ? (
          <ChartEmpty />
        ) : bars ? (
          <DeferredChart>
            <DailyBarChart
              bars={bars}
              label={t`Pushups per day over the last ${days} days: ${sum} in total`}
            />
          </DeferredChart>
        ) : (
          <ChartLoading onRetry={onRetry} offline={offline} />
        )}
      </div>
      <DeviceOnlyNote offline={offline} />
      {bars && (
        // The wrapper hides it: an sr-only table ignores its 1 px width and, with member
        // columns, widened the page on phones.
        <div className="sr-only">
          <table>
            <caption>
              <Trans>Pushups per day, last {days} days</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col">{bars.overlays.length > 0 ? t`You` : t`Pushups`}</th>
                {bars.overlays.map((member) => (
                  <th scope="col" key={member.username}>
                    {member.username}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.days.map((day, i) => (
                <tr key={day} data-day={day}>
                  <td>{dayName(day)}</td>
                  <td>{count(bars.counts[i] ?? null)}</td>
                  {bars.overlays.map((member) => (
                    <td key={member.username}>{count(member.values[i] ?? null)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
