import { useLingui } from '@lingui/react/macro';
import { type DailyTotal, EARLIEST_DAY } from '@pushup/shared';
import { useId, useMemo } from 'react';
import { firstDayOfWeek } from '@/components/calendar';
import { yearSummary } from '@/features/year-heatmap/heatmap-texts';
import { legendSteps, stepBounds } from '@/features/year-heatmap/steps';
import { buildYearGrid } from '@/features/year-heatmap/year-grid';
import { currentLocale } from '@/lib/i18n/format';
import { HeatmapGrid } from './heatmap-grid';
import { HeatmapLegend } from './heatmap-legend';

/**
 * Someone's year as the heatmap draws one's own (docs/product.md, "Year heatmap"), from days given
 * rather than read: a public profile's, up to its owner's today. Read-only: a day opens nothing.
 */
export function ReadOnlyYearHeatmap({ days, today }: { days: readonly DailyTotal[]; today: string }) {
  const { t } = useLingui();
  const summaryId = useId();
  const firstDay = firstDayOfWeek(currentLocale());
  const grid = useMemo(() => buildYearGrid(days, today, firstDay, EARLIEST_DAY), [days, today, firstDay]);
  const bounds = useMemo(() => stepBounds(grid.days.map((day) => day.total)), [grid]);
  return (
    <>
      <p id={summaryId} className="mb-3 text-sm text-slate-700">
        {yearSummary(grid.days)}
      </p>
      <HeatmapGrid
        grid={grid}
        bounds={bounds}
        size="full"
        label={t`Pushups per day in the last 12 months`}
        describedBy={summaryId}
        firstDay={firstDay}
        readOnly
      />
      <HeatmapLegend steps={legendSteps(bounds)} />
    </>
  );
}
