import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceUsage } from '@pushup/shared';
import { Activity, BarChart3 } from 'lucide-react';
import type { ComponentType } from 'react';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { useUsage } from '@/features/admin/api/admin-usage';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import { formatAt } from './format-at';

/** A bar chart of a number per day (the app's own, given by the page: features never import features). */
export type DayBarsChart = ComponentType<{ days: string[]; counts: number[]; series: string; label: string }>;

/** A size in bytes as a person reads it: '812 KB', '14.2 MB', '1.3 GB'. */
function byteSize(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-slate-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

/** The instance's numbers: accounts, activity, database, reminders, devices; pushups per day over 90 days. */
export function UsageSection({ Chart }: { Chart: DayBarsChart }) {
  const { t } = useLingui();
  const usage = useUsage();
  return (
    <QueryState query={usage} loading={t`Loading the usage…`} failure={t`Could not load the usage.`}>
      {(data) => <UsageFigures usage={data} Chart={Chart} />}
    </QueryState>
  );
}

function UsageFigures({ usage, Chart }: { usage: InstanceUsage; Chart: DayBarsChart }) {
  const { t } = useLingui();
  const n = formatNumber;
  const at = formatAt(usage.at);
  const days = usage.entriesPerDay.map((day) => day.day);
  const entries = usage.entriesPerDay.map((day) => day.entries);
  const dayCount = days.length;
  const entriesTotal = n(entries.reduce((sum, count) => sum + count, 0));
  const pushupsTotal = n(usage.entriesPerDay.reduce((sum, day) => sum + day.pushups, 0));
  return (
    <div className="space-y-6">
      <SectionCard
        id="admin-usage"
        title={t`Usage`}
        icon={<Activity className="size-5" />}
        description={t`As of ${at}.`}
      >
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={t`Users`} value={n(usage.users.total)} />
          <Figure label={t`Active last day`} value={n(usage.users.active1d)} />
          <Figure label={t`Active last 7 days`} value={n(usage.users.active7d)} />
          <Figure label={t`Active last 30 days`} value={n(usage.users.active30d)} />
          <Figure label={t`Database size`} value={byteSize(usage.databaseBytes)} />
          <Figure label={t`Reminders sent last day`} value={n(usage.reminders.sentLastDay)} />
          <Figure label={t`Reminders failed last day`} value={n(usage.reminders.failedLastDay)} />
          <Figure label={t`Devices with reminders`} value={n(usage.devices)} />
        </dl>
      </SectionCard>
      <SectionCard
        id="admin-usage-chart"
        title={t`Entries per day, last ${dayCount} days`}
        icon={<BarChart3 className="size-5" />}
        description={t`${entriesTotal} entries with ${pushupsTotal} pushups, by the day they were logged (UTC).`}
      >
        <div className="h-64">
          <Chart
            days={days}
            counts={entries}
            series={t`Entries`}
            label={t`Entries per day over the last ${dayCount} days: ${entriesTotal} in total`}
          />
        </div>
        <div className="sr-only">
          <table>
            <caption>
              <Trans>Entries and pushups per day, last {dayCount} days</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col">
                  <Trans>Entries</Trans>
                </th>
                <th scope="col">
                  <Trans>Pushups</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.entriesPerDay.map((day) => (
                <tr key={day.day}>
                  <td>{formatDay(day.day, 'date')}</td>
                  <td>{n(day.entries)}</td>
                  <td>{n(day.pushups)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SectionCard>
    </div>
  );
}
