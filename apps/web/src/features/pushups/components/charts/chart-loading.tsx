import { Trans } from '@lingui/react/macro';
import { LoadFailure } from '@/components/query-state';
import { sharedMessage } from '@/lib/i18n/catalog';

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

/** A chart's box while the user has nothing to draw: what will appear there, not an empty 0-1 axis. */
export function ChartEmpty() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-slate-300 p-4 text-center">
      <p className="font-semibold text-slate-800">{sharedMessage('noPushupsYet')}</p>
      <p className="text-sm text-slate-600">
        <Trans>Log your first set and it shows here.</Trans>
      </p>
    </div>
  );
}
