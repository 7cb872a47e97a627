import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './ui/button';

/**
 * Data that failed to load, in its place: the failure text, the server's reason when it said
 * something else, and Try again (spinning only while the new attempt runs). Never a spinner left
 * turning.
 */
export function LoadFailure({
  title,
  error = null,
  retrying = false,
  onRetry,
  variant = 'panel',
}: {
  title: string;
  error?: Error | null;
  retrying?: boolean;
  onRetry: () => void;
  /** panel: a tinted box inside a card; card: the whole page's content; plain: centred in its box. */
  variant?: 'panel' | 'card' | 'plain';
}) {
  const detail = error?.message && error.message !== title ? error.message : null;
  return (
    <div
      className={cn(
        variant === 'card' && 'max-w-xl rounded-2xl border border-red-200 bg-white p-6 shadow-card',
        variant === 'panel' && 'rounded-xl border border-red-200 bg-red-50/60 p-4',
        variant === 'plain' && 'flex h-full flex-col items-center justify-center py-4 text-center',
      )}
    >
      <p role="alert" className="font-medium text-red-800">
        {title}
      </p>
      {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
      <Button className="mt-3" variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/**
 * In the place of data the app is offline without (docs/product.md, "Offline"): nothing was saved
 * on this device for it, so it waits for the connection instead of loading forever. `line`: a
 * paragraph in a card; `box`: a dashed frame filling its box (a chart's); `inline`: within a line.
 */
export function AvailableWhenOnline({ variant = 'line' }: { variant?: 'line' | 'box' | 'inline' }) {
  const Tag = variant === 'inline' ? 'span' : 'p';
  return (
    <Tag
      className={cn(
        'flex items-center justify-center gap-2 text-center text-slate-600',
        variant === 'box' && 'h-full flex-col rounded-xl border border-dashed border-slate-300 p-4',
        variant === 'line' && 'py-6',
        variant === 'inline' && 'mt-1 text-sm',
      )}
    >
      <CloudOff className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <Trans>Available when you are back online</Trans>
    </Tag>
  );
}

/**
 * A query's data in its place: `loading` while it loads, 'Available when you are back online'
 * while it waits offline with nothing saved, the failure with Try again when it
 * failed, else what `children` makes of the data.
 */
export function QueryState<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  /** The failure text, or how to word it from the error. */
  failure: string | ((error: Error) => string);
  children: (data: T) => ReactNode;
}) {
  // Paused before any answer: offline with nothing saved (lib/offline/reachability.ts).
  if (query.isPending && query.fetchStatus === 'paused') return <AvailableWhenOnline />;
  if (query.isPending) {
    return (
      <p className="py-6 text-center text-slate-600" role="status">
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadFailure
        variant="plain"
        title={typeof failure === 'string' ? failure : failure(query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
