import type { ReactNode } from 'react';

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
