import { useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { NotFoundPage } from '@/app/not-found-page';
import { PageLoading } from '@/components/loading-animation';
import { LoadFailure } from '@/components/query-state';
import { saveFile } from '@/features/account-data/save-file';
import { useOperatorAccess } from '@/features/admin/api/admin-access';
import { AdminPage } from '@/features/admin/components/admin-page';
import { DeferredChart } from '@/features/pushups/components/charts/deferred-chart';

const DailyBarChart = lazy(() =>
  import('@/features/pushups/components/charts/chart-canvas').then((m) => ({ default: m.DailyBarChart })),
);

/** The usage's days as the app's own daily bar chart (features/pushups), drawn once near the screen. */
function DayBars({
  days,
  counts,
  series,
  label,
}: {
  days: string[];
  counts: number[];
  series: string;
  label: string;
}) {
  return (
    <DeferredChart>
      <DailyBarChart bars={{ days, counts, overlays: [] }} series={series} label={label} />
    </DeferredChart>
  );
}

/**
 * /admin: the admin page for an operator; for anyone else the app's not-found page, the same as an
 * unknown address, so that the page does not tell who may have one.
 */
export function AdminRoute() {
  const { t } = useLingui();
  const access = useOperatorAccess();
  if (access.isPending) return <PageLoading />;
  if (access.isError) {
    return (
      <LoadFailure
        variant="card"
        title={t`Could not check your admin access.`}
        error={access.error}
        retrying={access.isFetching}
        onRetry={() => void access.refetch()}
      />
    );
  }
  if (!access.data) return <NotFoundPage />;
  return <AdminPage Chart={DayBars} saveFile={saveFile} />;
}
