import { Trans, useLingui } from '@lingui/react/macro';
import { LineChart } from 'lucide-react';
import { lazy } from 'react';
import { SectionCard } from '@/components/ui/card';
import { formatNumber } from '@/lib/i18n/format';
import { dailyBars, type Overlay } from './chart-data';
import { ChartLoading } from './chart-loading';
import { DaysWindowPicker, useDaysWindow, useTableDayName } from './days-window';
import { DeferredChart } from './deferred-chart';

const MembersLineChart = lazy(() => import('./chart-canvas').then((m) => ({ default: m.MembersLineChart })));

/**
 * A group's chart (its page): every member's push-ups per day over the last 7 or 30 days (7 by
 * default on phones), one line each, straight from day to day with a mark on each day, and the
 * same numbers as a table for screen readers.
 */
export function GroupChartCard({
  members,
  ownUsername,
  today,
  onRetry,
}: {
  /** Every member's day sums, in the group's order; undefined while they load. */
  members: readonly Overlay[] | undefined;
  ownUsername: string | undefined;
  today: string;
  /** Given when the members' day sums failed to load. */
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const [days, setDays] = useDaysWindow();
  const series = members ? dailyBars([], today, days, members).overlays : null;
  const own = series?.find((member) => member.username === ownUsername) ?? null;
  const others = series?.filter((member) => member !== own) ?? [];
  const dayList = members ? dailyBars([], today, days).days : [];
  const sumOf = (values: readonly (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
  const youLabel = t`You`;
  const summary = series
    ? [
        t`Pushups per day of each member over the last ${days} days`,
        ...(own ? [`${youLabel}: ${formatNumber(sumOf(own.values))}`] : []),
        ...others.map((member) => `${member.username}: ${formatNumber(sumOf(member.values))}`),
      ].join('; ')
    : '';
  const rows = own ? [own, ...others] : others;
  const dayName = useTableDayName(today);

  return (
    <SectionCard
      id="group-chart"
      title={t`Pushups per day`}
      icon={<LineChart className="size-5" />}
      actions={<DaysWindowPicker days={days} onChange={setDays} />}
    >
      {/* Taller on phones: five members' lines and a legend that wraps need the room. */}
      <div className="h-72 sm:h-80">
        {series ? (
          <DeferredChart>
            <MembersLineChart days={dayList} members={others} own={own} label={summary} />
          </DeferredChart>
        ) : (
          <ChartLoading onRetry={onRetry} />
        )}
      </div>
      {series && (
        <div className="sr-only">
          <table>
            <caption>
              <Trans>Pushups per day of each member, last {days} days</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                {rows.map((member) => (
                  <th scope="col" key={member.username}>
                    {member === own ? youLabel : member.username}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dayList.map((day, i) => (
                <tr key={day} data-day={day}>
                  <td>{dayName(day)}</td>
                  {rows.map((member) => (
                    <td key={member.username}>{formatNumber(member.values[i] ?? 0)}</td>
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
