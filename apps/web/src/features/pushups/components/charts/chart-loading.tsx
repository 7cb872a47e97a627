import { Trans } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import { AvailableWhenOnline, LoadFailure } from '@/components/query-state';
import { sharedMessage } from '@/lib/i18n/catalog';
import type { DaysOffline } from '@/lib/pushup-queries';

/**
 * Fills a chart's box until its data and the lazily loaded Chart.js are there; when the data
 * failed to load (`onRetry` given), says so with a way to try again instead of loading forever;
 * offline with nothing saved or waiting, says that it comes with the connection.
 */
export function ChartLoading({
  onRetry,
  offline = null,
}: {
  onRetry?: (() => void) | undefined;
  offline?: DaysOffline;
}) {
  if (offline === 'unavailable') return <AvailableWhenOnline variant="box" />;
  if (onRetry) {
    return <LoadFailure variant="plain" title={sharedMessage('failedToLoadData')} onRetry={onRetry} />;
  }
  return (
    <p role="status" className="flex h-full items-center justify-center text-slate-600">
      {sharedMessage('loadingChartData')}
    </p>
  );
}

/** Under a chart drawn from this device's waiting entries alone (offline, nothing saved): that it is not all. */
export function DeviceOnlyNote({ offline }: { offline: DaysOffline }) {
  if (offline !== 'device-only') return null;
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
      <CloudOff className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <Trans>Only the entries on this device so far: the rest shows when you are back online.</Trans>
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
