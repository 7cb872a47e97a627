import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CloudOff, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { dateTimeFormat, relativeTimeFormat } from '@/lib/i18n/format';
import { useOfflineServices } from '@/lib/offline/use-offline-services';
import { useOnline, useOutbox, useWaitingCount } from '@/lib/offline/use-outbox';

/** When the newest response in the query cache arrived (ms), or 0 when there is none. */
function newestAnswer(queryClient: QueryClient): number {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success') newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest;
}

function useNewestAnswer(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => newestAnswer(queryClient),
  );
}

/** Re-renders every half minute, so '5 minutes ago' keeps true. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** '5 minutes ago', 'yesterday': how old the data shown is, in the active language. */
export function ageText(since: number, now: number): string {
  const minutes = Math.round((now - since) / 60_000);
  if (minutes < 1) return t`just now`;
  const relative = relativeTimeFormat({ numeric: 'auto' });
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** 'Mon 14:05' (German) or 'Mon 2:05 PM' (English): when the data shown arrived. */
function timeOfDay(instant: number): string {
  return dateTimeFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(instant);
}

const tones = {
  amber: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: 'text-amber-800' },
  red: { box: 'border-red-200 bg-red-50 text-red-950', icon: 'text-red-700' },
};

/** A notice above the page: an icon, a title and a sentence or two. */
function Notice({
  id,
  tone,
  icon,
  title,
  children,
}: {
  id: string;
  tone: keyof typeof tones;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('flex gap-3 rounded-2xl border p-4', tones[tone].box)}>
      <span className={cn('mt-0.5 shrink-0 [&>svg]:size-5', tones[tone].icon)} aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 text-sm">
        <h2 id={id} className="font-bold">
          {title}
        </h2>
        <p className="mt-0.5">{children}</p>
      </div>
    </section>
  );
}

/**
 * The signed-in pages' word on working offline (docs/product.md, "Offline"): that the app is
 * offline and how old the data shown is, how many entries wait to be sent, and entries the server
 * refused with the way to them. Runs the offline services of the signed-in session too.
 */
export function OfflineStatus() {
  useOfflineServices();
  const online = useOnline();
  const { waiting, refused } = useWaitingCount();
  const newest = useNewestAnswer();
  const now = useNow();
  const firstRefused = useOutbox().find((entry) => entry.refusal && !entry.deleted);

  // Only for the offline notice: the page renders this on every response, and each Intl formatter
  // made costs the main thread a few milliseconds while the page loads.
  const shownAsOf = !online && newest > 0;
  const time = shownAsOf ? timeOfDay(newest) : '';
  const age = shownAsOf ? ageText(newest, now) : '';
  return (
    <div className="mb-6 space-y-3 empty:hidden">
      {!online && (
        <Notice id="offline-title" tone="amber" icon={<CloudOff />} title={t`You are offline`}>
          {shownAsOf ? (
            <>
              <Trans>
                Showing your data as of <time dateTime={new Date(newest).toISOString()}>{time}</time> ({age}).
              </Trans>{' '}
            </>
          ) : (
            <>
              <Trans>Nothing is saved on this device yet. Connect once to load your data.</Trans>{' '}
            </>
          )}
          <Trans>
            You can keep logging: entries are saved on this device and sent when you are back online.
          </Trans>
          {waiting > 0 && (
            <>
              {' '}
              <Plural value={waiting} one="# entry waiting to sync." other="# entries waiting to sync." />
            </>
          )}
        </Notice>
      )}
      {online && waiting > 0 && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <RefreshCw className="size-4 text-brand-700" aria-hidden="true" />
          <Plural
            value={waiting}
            one="# entry saved on this device, waiting to be sent"
            other="# entries saved on this device, waiting to be sent"
          />
        </p>
      )}
      {refused > 0 && firstRefused && (
        <Notice
          id="refused-title"
          tone="red"
          icon={<CircleAlert />}
          title={t`${plural(refused, { one: '# entry was not saved', other: '# entries were not saved' })}`}
        >
          <Plural
            value={refused}
            one="The server refused it: change or discard it in Log History."
            other="The server refused them: change or discard them in Log History."
          />{' '}
          <Link
            to={`/log-history?day=${firstRefused.day}`}
            className="font-semibold whitespace-nowrap underline underline-offset-2"
          >
            <Plural value={refused} one="Review the entry" other="Review the entries" />
          </Link>
        </Notice>
      )}
    </div>
  );
}
