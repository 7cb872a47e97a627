import { CalendarDays } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';

export function LogHistoryPage() {
  return (
    <>
      <PageHeader title="Log History" />
      <section
        aria-label="Log history"
        className="flex items-start gap-4 rounded-2xl border border-slate-200/80 bg-white p-6 shadow-card"
      >
        <CalendarDays className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="text-slate-700">
          Your logged pushups appear here day by day, each entry with its time and count, ready to correct or
          remove.
        </p>
      </section>
    </>
  );
}
