import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A card that is a labelled region, titled by an h2; `id` names the card (a link's target) and `<id>-title` its title. */
export function SectionCard({
  id,
  title,
  icon,
  description,
  className,
  children,
  tone = 'default',
  actions,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
  tone?: 'default' | 'danger';
  /** Controls shown at the right of the title (they wrap below it on narrow screens). */
  actions?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-2xl border bg-white p-5 shadow-card sm:p-6',
        tone === 'danger' ? 'border-red-200' : 'border-slate-200/80',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-start gap-3">
        {icon && (
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-xl',
              tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700',
            )}
            aria-hidden="true"
          >
            {icon}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-40">
          <h2
            id={`${id}-title`}
            className={cn('text-lg font-bold', tone === 'danger' ? 'text-red-800' : 'text-slate-900')}
          >
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm break-words text-slate-600">{description}</p>}
        </div>
        {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
