import { Loader2 } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

/** A titled part of a group's card (Members, Join requests, Invite links): a heading and its content. */
export function Panel({
  id,
  title,
  icon,
  count,
  description,
  headingRef,
  className,
  level = 3,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  count?: number;
  description?: ReactNode;
  /** Where the focus goes when the row that had it leaves the list. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  /** h3 inside a group's card; h2 where the panel stands on a page of its own (the group's page). */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn('rounded-xl border border-slate-200 p-4', className)}
    >
      <div className="mb-3">
        <div className="flex items-center gap-2">
          <Heading
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 font-bold text-slate-900 focus:outline-none"
          >
            <span className="text-brand-700" aria-hidden="true">
              {icon}
            </span>
            {title}
          </Heading>
          {count !== undefined && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700 tabular-nums">
              {count}
            </span>
          )}
        </div>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** A list loading inside a panel: a small spinner with a text, until the query settles. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-600">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A list with nothing in it yet. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600">{children}</p>;
}
