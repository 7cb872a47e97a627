import { MESSAGES } from '@pushup/shared';
import { Button } from '../../../../components/ui/button';

/**
 * Fills a chart's box until its data and the lazily loaded Chart.js are there; when the data
 * failed to load (`onRetry` given), says so with a way to try again instead of loading forever.
 */
export function ChartLoading({ onRetry }: { onRetry?: (() => void) | undefined }) {
  if (onRetry) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
        <p role="alert" className="font-medium text-red-800">
          {MESSAGES.failedToLoadData}
        </p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex h-full items-center justify-center text-slate-600">
      {MESSAGES.loadingChartData}
    </p>
  );
}
