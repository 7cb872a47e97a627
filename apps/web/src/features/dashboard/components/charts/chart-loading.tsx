import { MESSAGES } from '@pushup/shared';

/** Fills a chart's box until its data and the lazily loaded Chart.js are there. */
export function ChartLoading() {
  return (
    <p role="status" className="flex h-full items-center justify-center text-slate-600">
      {MESSAGES.loadingChartData}
    </p>
  );
}
