import { addDays, MESSAGES, type Records } from '@pushup/shared';
import { Award } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { SectionCard } from '../../../components/ui/card';
import { formatDay, formatDayRange } from '../../../lib/format-day';
import { useRecords } from '../api/records';

const count = new Intl.NumberFormat();
const average = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

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
  const { bestDay, bestWeek, bestMonth, firstDay } = records;
  const none = '–';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Record
        label="Best day"
        value={bestDay ? count.format(bestDay.total) : none}
        when={bestDay ? formatDay(bestDay.day, 'short') : 'No day yet'}
      />
      <Record
        label="Best week"
        value={bestWeek ? count.format(bestWeek.total) : none}
        when={bestWeek ? formatDayRange(bestWeek.weekStart, addDays(bestWeek.weekStart, 6)) : 'No week yet'}
      />
      <Record
        label="Best month"
        value={bestMonth ? count.format(bestMonth.total) : none}
        when={bestMonth ? formatDay(`${bestMonth.month}-01`, 'month') : 'No month yet'}
      />
      <Record
        label="Total"
        value={count.format(records.total)}
        when={firstDay ? `since ${formatDay(firstDay, 'date')}` : 'Nothing yet'}
      />
      <Record label="Active days" value={count.format(records.activeDays)} when="days with pushups" />
      <Record label="Average" value={average.format(records.averagePerActiveDay)} when="per active day" />
    </dl>
  );
}

/** The user's personal records (docs/product.md, "Personal records"), each with its date. */
export function RecordsCard() {
  const records = useRecords();
  return (
    <SectionCard
      id="records"
      title="Records"
      icon={<Award className="size-5" />}
      description="Your bests so far."
    >
      <QueryState query={records} loading={MESSAGES.loading} failure={MESSAGES.failedToLoadData}>
        {(data) => <RecordsList records={data} />}
      </QueryState>
    </SectionCard>
  );
}
