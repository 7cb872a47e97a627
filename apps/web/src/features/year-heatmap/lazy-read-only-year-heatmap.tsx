import type { DailyTotal } from '@pushup/shared';
import { lazy, Suspense } from 'react';

const ReadOnlyYearHeatmap = lazy(() =>
  import('./components/read-only-year-heatmap').then((m) => ({ default: m.ReadOnlyYearHeatmap })),
);

/** The read-only heatmap in the heatmap's own chunk, loaded when a page shows it. */
export function LazyReadOnlyYearHeatmap({ days, today }: { days: readonly DailyTotal[]; today: string }) {
  return (
    <Suspense fallback={null}>
      <ReadOnlyYearHeatmap days={days} today={today} />
    </Suspense>
  );
}
