import { Trans, useLingui } from '@lingui/react/macro';
import { EARLIEST_DAY, localDay } from '@pushup/shared';
import { CalendarRange } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { firstDayOfWeek } from '@/components/calendar';
import { AvailableWhenOnline, LoadFailure } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { yearSummary } from '@/features/year-heatmap/heatmap-texts';
import { legendSteps, stepBounds } from '@/features/year-heatmap/steps';
import { buildYearGrid } from '@/features/year-heatmap/year-grid';
import { sharedMessage } from '@/lib/i18n/catalog';
import { currentLocale } from '@/lib/i18n/format';
import { useDailyTotals } from '@/lib/pushup-queries';
import { HeatmapGrid, type HeatmapSize } from './heatmap-grid';
import { HeatmapLegend } from './heatmap-legend';
import { HeatmapTable } from './heatmap-table';

/** The grid's height while the day sums load, so nothing moves when they come (16 px of month names). */
const PLACEHOLDER_HEIGHT: Record<HeatmapSize, number> = { full: 16 + 7 * 16 + 8, compact: 16 + 7 * 12 + 8 };

/**
 * A year at a glance: the last 12 months of the user's days, one cell a day coloured by its sum
 * (docs/product.md, "Year heatmap"). It reads the daily sums the dashboard and Log History already
 * hold (lib/pushup-queries.ts), waiting entries included, so it asks the server nothing more. The
 * profile shows it in full with a table to switch to; the dashboard a smaller one that links there.
 */
export function YearHeatmapCard({ size }: { size: HeatmapSize }) {
  const { t } = useLingui();
  const daily = useDailyTotals();
  const [asTable, setAsTable] = useState(false);
  const summaryId = useId();
  const today = localDay(new Date());
  const locale = currentLocale();
  const firstDay = firstDayOfWeek(locale);
  const grid = useMemo(
    () => buildYearGrid(daily.data ?? [], today, firstDay, EARLIEST_DAY),
    [daily.data, today, firstDay],
  );
  const bounds = useMemo(() => stepBounds(grid.days.map((day) => day.total)), [grid]);
  const full = size === 'full';
  const gridLabel = t`Pushups per day in the last 12 months`;
  const { hash } = useLocation();
  const id = full ? 'year-heatmap' : 'year-heatmap-compact';

  // The dashboard's 'More on your profile' leads here: the card comes after the page, in its own chunk.
  useEffect(() => {
    if (hash === `#${id}`) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, id]);

  let body: ReactNode;
  if (daily.data === undefined && daily.offline === 'unavailable') {
    body = <AvailableWhenOnline />;
  } else if (daily.data === undefined && daily.isError) {
    body = (
      <LoadFailure
        title={sharedMessage('failedToLoadData')}
        error={daily.error}
        retrying={daily.isFetching}
        onRetry={() => void daily.refetch()}
      />
    );
  } else if (daily.data === undefined) {
    body = (
      <div
        className="animate-pulse rounded-xl bg-slate-100"
        style={{ height: PLACEHOLDER_HEIGHT[size] }}
        role="status"
        aria-label={sharedMessage('loading')}
      />
    );
  } else {
    body = (
      <>
        <p id={summaryId} className="mb-3 text-sm text-slate-700">
          {yearSummary(grid.days)}
        </p>
        <HeatmapGrid
          grid={grid}
          bounds={bounds}
          size={size}
          label={gridLabel}
          describedBy={summaryId}
          firstDay={firstDay}
        />
        <HeatmapLegend steps={legendSteps(bounds)} />
        {full && asTable && <HeatmapTable days={grid.days} bounds={bounds} caption={gridLabel} />}
      </>
    );
  }

  const hasDays = daily.data !== undefined && bounds.length > 0;
  return (
    <SectionCard
      id={id}
      title={t`Your year`}
      icon={<CalendarRange className="size-5" />}
      description={
        full
          ? t`Every day of the last 12 months, coloured by its pushups against your own days (see the legend). Pick a day to open it in Log History.`
          : undefined
      }
      actions={
        full ? (
          hasDays && (
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
            >
              {asTable ? <Trans>Hide table</Trans> : <Trans>Show as table</Trans>}
            </Button>
          )
        ) : (
          <Link to="/profile#year-heatmap" className="text-sm font-semibold text-brand-700 hover:underline">
            <Trans>More on your profile</Trans>
          </Link>
        )
      }
    >
      {body}
    </SectionCard>
  );
}
