import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * A list that failed to load, in place: the spec's failure text, the server's reason when it
 * said something else, and Try again (spinning only while the new attempt runs).
 */
export function QueryError({
  title,
  error,
  retrying,
  onRetry,
  variant = 'inline',
}: {
  title: string;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
  /** inline: inside a panel; card: the whole page's content. */
  variant?: 'inline' | 'card';
}) {
  const detail = error?.message && error.message !== title ? error.message : null;
  return (
    <div
      className={cn(
        'border border-red-200',
        variant === 'card' ? 'max-w-xl rounded-2xl bg-white p-6 shadow-card' : 'rounded-xl bg-red-50/60 p-4',
      )}
    >
      <p role="alert" className="font-medium text-red-800">
        {title}
      </p>
      {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
      <Button className="mt-3" variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
