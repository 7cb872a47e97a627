import { cn } from '@/lib/cn';

/**
 * A bar of `value` out of `max`, for the eye only: its numbers are written next to it as text, which
 * screen readers read (docs/product.md, "Group challenges: screens").
 */
export function ProgressBar({ value, max, mine = false }: { value: number; max: number; mine?: boolean }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="h-3 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
      <div
        className={cn('h-full rounded-full', mine ? 'bg-brand-700' : 'bg-slate-500')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
