import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, EARLIEST_DAY } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CloudOff, History } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { LoadingAnimation } from '@/components/loading-animation';
import { LoadFailure } from '@/components/query-state';
import { SectionCard } from '@/components/ui/card';
import { entriesQueryOptions } from '@/features/log-history/api/entries-of-day';
import { formatEntryTime, pushupsLabel, relativeDay } from '@/features/log-history/log-history-format';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { type DayEntry, mergeEntries, useOutbox } from '@/lib/offline/use-outbox';

/** How many days back the recent entries reach, today included. */
const RECENT_DAYS = 14;

interface RecentDay {
  day: string;
  total: number;
  entries: DayEntry[];
}

/**
 * The entries of the last RECENT_DAYS days, newest first, by day with each day's total (those still
 * on this device among them). A day opens in the calendar and the day's card, where its entries are
 * edited, moved or deleted.
 */
export function RecentEntriesCard({
  today,
  chosenDay,
  onChooseDay,
}: {
  today: string;
  chosenDay: string;
  onChooseDay: (day: string) => void;
}) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const from = [addDays(today, -(RECENT_DAYS - 1)), EARLIEST_DAY].sort().at(-1) ?? today;
  const query = useQuery(entriesQueryOptions(user.uid, from, today));
  const outbox = useOutbox();
  const offlineWithout = query.data === undefined && query.fetchStatus === 'paused';

  const days = useMemo((): RecentDay[] | undefined => {
    const server = query.data ?? (offlineWithout ? [] : undefined);
    if (!server) return undefined;
    const local = outbox.filter((entry) => entry.day >= from && entry.day <= today);
    const byDay = new Map<string, RecentDay>();
    const sorted = mergeEntries(server, local).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    for (const entry of sorted) {
      const group = byDay.get(entry.day) ?? { day: entry.day, total: 0, entries: [] };
      group.entries.push(entry);
      if (entry.sync !== 'refused') group.total += entry.count;
      byDay.set(entry.day, group);
    }
    return [...byDay.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
  }, [query.data, outbox, from, today, offlineWithout]);

  let body: ReactNode;
  if (query.isPending && !offlineWithout) {
    body = <LoadingAnimation label={t`Loading entries...`} />;
  } else if (!days) {
    body = (
      <LoadFailure
        title={query.error?.message ?? sharedMessage('failedToLoadData')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (days.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
        <Trans>No entries in the last 14 days.</Trans>
      </p>
    );
  } else {
    body = (
      <ol className="grid gap-3 sm:grid-cols-2">
        {days.map(({ day, total, entries }) => (
          <li
            key={day}
            className={cn(
              'rounded-xl border',
              day === chosenDay ? 'border-brand-400 ring-1 ring-brand-400' : 'border-slate-200',
            )}
          >
            <button
              type="button"
              onClick={() => onChooseDay(day)}
              aria-current={day === chosenDay ? 'date' : undefined}
              className="flex min-h-11 w-full items-center gap-3 rounded-t-xl border-b border-slate-200 bg-slate-50 px-3.5 py-2 text-left hover:bg-brand-50"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-semibold text-brand-800">{relativeDay(day, today)}</span>
                <span className="block font-semibold text-slate-900">{formatDay(day, 'short')}</span>
              </span>
              <span className="shrink-0 font-bold text-slate-900 tabular-nums">{pushupsLabel(total)}</span>
              <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            </button>
            <ul className="divide-y divide-slate-100 px-3.5">
              {entries.map((entry) => (
                <li key={entry.uuid} className="flex items-center justify-between gap-3 py-1.5 text-sm">
                  <time dateTime={entry.date} className="text-slate-600 tabular-nums">
                    {formatEntryTime(entry.date)}
                  </time>
                  <span
                    className={cn(
                      'flex items-center gap-1.5 font-medium text-slate-800 tabular-nums',
                      entry.sync === 'refused' && 'line-through',
                    )}
                  >
                    {entry.sync !== undefined && (
                      <CloudOff
                        className="size-3.5 text-amber-700"
                        role="img"
                        aria-label={entry.sync === 'refused' ? t`not saved` : t`waiting to sync`}
                      />
                    )}
                    {pushupsLabel(entry.count)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <SectionCard
      id="recent-entries"
      title={t`Recent entries`}
      icon={<History className="size-5" />}
      description={t`The last 14 days, newest first. Choose a day to change its entries.`}
    >
      {body}
    </SectionCard>
  );
}
