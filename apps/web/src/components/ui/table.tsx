import { Trans } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export interface TableColumn {
  label: ReactNode;
  className?: string;
}

/** A table's header row: one column header (`scope="col"`) per column, in order. */
export function TableHeader({
  columns,
  className,
  rowClassName,
}: {
  columns: readonly TableColumn[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a header's columns are fixed, in this order
          <th key={index} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The small upper-case header of the ranking tables (global and group leaderboards). */
export const RANKING_HEADER = 'text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * A table that may be wider than its column (a phone): it scrolls sideways, and says so while it
 * does. A fade marks each edge that hides columns, and a hint under it names the gesture; both go
 * once the table fits or is scrolled to its end. The region is focusable, so a keyboard scrolls it
 * too (axe: scrollable-region-focusable).
 */
export function ScrollingTable({
  label,
  className,
  children,
}: {
  /** Names the region for screen readers (usually the table's caption). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const left = hidden > 1 && element.scrollLeft > 1;
      const right = hidden > 1 && element.scrollLeft < hidden - 1;
      setEdges((old) => (old.left === left && old.right === right ? old : { left, right }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    const table = element.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return (
    <div className={className}>
      <div className="relative">
        <section
          ref={ref}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={label}
          data-scrolls={edges.left || edges.right ? 'true' : undefined}
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {children}
        </section>
        <div
          aria-hidden="true"
          data-edge="left"
          className={cn(
            'pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-white to-transparent transition-opacity',
            edges.left ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden="true"
          data-edge="right"
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent transition-opacity',
            edges.right ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
      {edges.right && (
        <p className="mt-2 flex items-center justify-end gap-1 text-xs font-medium text-slate-600">
          <Trans>Scroll sideways for more</Trans>
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </p>
      )}
    </div>
  );
}
