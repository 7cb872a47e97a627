import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PushupEntry } from '@pushup/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarX2, Dumbbell } from 'lucide-react';
import { type ReactNode, type Ref, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { LoadingAnimation } from '@/components/loading-animation';
import { LoadFailure } from '@/components/query-state';
import { buttonClasses } from '@/components/ui/button';
import { relativeDay } from '@/features/log-history/log-history-format';
import { formatDay } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';
import { mergeEntries, useOutbox } from '@/lib/offline/use-outbox';
import { EntryItem } from './entry-item';

/**
 * The chosen day: its title, its total, and its entries newest first (or the empty, loading or
 * error state), those still on this device among them (docs/product.md, "Offline").
 */
export function DayEntriesCard({
  day,
  today,
  query,
  sectionRef,
}: {
  day: string;
  today: string;
  query: UseQueryResult<PushupEntry[], Error>;
  /** The card itself, for the page to bring into view when a day is chosen. */
  sectionRef?: Ref<HTMLElement>;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, error, isPending, isFetching, fetchStatus } = query;
  const outbox = useOutbox();
  // Offline with nothing saved for this day: the entries of this device are still there to show.
  const unknownOffline = isPending && fetchStatus === 'paused';

  const entries = useMemo(() => {
    const local = outbox.filter((entry) => entry.day === day);
    const server = data ?? (unknownOffline ? [] : undefined);
    if (!server) return undefined;
    return mergeEntries(server, local).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  }, [data, outbox, day, unknownOffline]);
  const total = entries?.reduce((sum, entry) => sum + (entry.sync === 'refused' ? 0 : entry.count), 0) ?? 0;
  const totalShown = formatNumber(total);

  const offlineDayUnknown = t`You are offline: the entries of this day from before are not saved on this device.`;

  let body: ReactNode;
  if (isPending && !unknownOffline) {
    body = <LoadingAnimation label={t`Loading entries...`} />;
  } else if (!entries) {
    body = (
      <LoadFailure
        title={error?.message ?? sharedMessage('failedToLoadData')}
        retrying={isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (entries.length === 0 && unknownOffline) {
    body = <p className="py-6 text-center text-slate-600">{offlineDayUnknown}</p>;
  } else if (entries.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <CalendarX2 className="size-6" aria-hidden="true" />
        </span>
        <p className="font-medium text-slate-700">{sharedMessage('noPushupsForDate')}</p>
        <Link to="/" className={buttonClasses('secondary', 'sm')}>
          <Dumbbell className="size-4" aria-hidden="true" />
          <Trans>Log pushups</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ol aria-labelledby={titleId} className="divide-y divide-slate-200 border-y border-slate-200">
          {entries.map((entry) => (
            <EntryItem
              key={entry.uuid}
              entry={entry}
              day={day}
              today={today}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ol>
        {unknownOffline && <p className="mt-3 text-sm text-slate-600">{offlineDayUnknown}</p>}
      </>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      className="scroll-mt-20 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand-800">{relativeDay(day, today)}</p>
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900 focus:outline-none"
          >
            {formatDay(day, 'full')}
          </h2>
        </div>
        {entries && entries.length > 0 && (
          <p
            aria-live="polite"
            className="rounded-xl bg-brand-50 px-3.5 py-2 text-sm font-medium text-brand-900 ring-1 ring-brand-200 ring-inset"
          >
            <Trans>
              Total: <span className="text-lg font-extrabold tabular-nums">{totalShown}</span>{' '}
              <Plural value={total} one="pushup" other="pushups" />
            </Trans>
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
