import { lazy, Suspense } from 'react';
import type { HeatmapSize } from './components/heatmap-grid';

const YearHeatmapCard = lazy(() =>
  import('./components/year-heatmap-card').then((m) => ({ default: m.YearHeatmapCard })),
);

/**
 * The year heatmap in its own chunk: the pages that show it (dashboard, profile) load its code only
 * when it renders, after their first screen (docs/performance.md, "The web app").
 */
export function LazyYearHeatmap({ size }: { size: HeatmapSize }) {
  return (
    <Suspense fallback={null}>
      <YearHeatmapCard size={size} />
    </Suspense>
  );
}
