import { LoadFailure } from '../../../../components/query-state';
import { sharedMessage } from '../../../../lib/i18n/catalog';

/**
 * Fills a chart's box until its data and the lazily loaded Chart.js are there; when the data
 * failed to load (`onRetry` given), says so with a way to try again instead of loading forever.
 */
export function ChartLoading({ onRetry }: { onRetry?: (() => void) | undefined }) {
  if (onRetry) {
    return <LoadFailure variant="plain" title={sharedMessage('failedToLoadData')} onRetry={onRetry} />;
  }
  return (
    <p role="status" className="flex h-full items-center justify-center text-slate-600">
      {sharedMessage('loadingChartData')}
    </p>
  );
}
