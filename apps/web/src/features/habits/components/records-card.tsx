import { useLingui } from '@lingui/react/macro';
import { addDays, type Records } from '@pushup/shared';
import { Award } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { useRecords } from '@/features/habits/api/records';
import { formatDay, formatDayRange } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';

function Record({ label, value, when }: { label: string; value: ReactNode; when: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200/70 ring-inset">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-slate-900 tabular-nums">{value}</dd>
      <dd className="text-sm text-slate-600">{when}</dd>
    </div>
  );
}

function RecordsList({ records }: { records: Records }) {
  const { t } = useLingui();
  const { bestDay, bestWeek, bestMonth, firstDay } = records;
  const none = '–';
  const count = (value: number) => formatNumber(value);
  const since = firstDay ? formatDay(firstDay, 'date') : null;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Record
        label={t`Best day`}
        value={bestDay ? count(bestDay.total) : none}
        when={bestDay ? formatDay(bestDay.day, 'short') : t`No day yet`}
      />
      <Record
        label={t`Best week`}
        value={bestWeek ? count(bestWeek.total) : none}
        when={bestWeek ? formatDayRange(bestWeek.weekStart, addDays(bestWeek.weekStart, 6)) : t`No week yet`}
      />
      <Record
        label={t`Best month`}
        value={bestMonth ? count(bestMonth.total) : none}
        when={bestMonth ? formatDay(`${bestMonth.month}-01`, 'month') : t`No month yet`}
      />
      <Record
        label={t`Total`}
        value={count(records.total)}
        when={since ? t`since ${since}` : t`Nothing yet`}
      />
      <Record label={t`Active days`} value={count(records.activeDays)} when={t`days with pushups`} />
      <Record
        label={t`Average`}
        value={formatNumber(records.averagePerActiveDay, { maximumFractionDigits: 1 })}
        when={t`per active day`}
      />
    </dl>
  );
}

/** The user's personal records (docs/product.md, "Personal records"), each with its date. */
export function RecordsCard() {
  const { t } = useLingui();
  const records = useRecords();
  return (
    <SectionCard
      id="records"
      title={t`Records`}
      icon={<Award className="size-5" />}
      description={t`Your bests so far.`}
    >
      <QueryState
        query={records}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(data) => <RecordsList records={data} />}
      </QueryState>
    </SectionCard>
  );
}
