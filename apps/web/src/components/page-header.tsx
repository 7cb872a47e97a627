import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page's one h1, an optional lead line, and the document title. */
export function PageHeader({
  title,
  lead,
  actions,
  centered = false,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Centres the heading and lead (a page whose content is centred, such as the 404). */
  centered?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div
      className={
        centered
          ? 'mb-8 flex flex-col items-center gap-4 text-center'
          : 'mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between'
      }
    >
      {/* min-w-0: a long name in the title ('Welcome, …!') wraps instead of widening the page. */}
      <div className="min-w-0 max-w-full">
        <h1 className="text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">
          {title}
        </h1>
        {lead && (
          <p className={`mt-2 max-w-2xl text-base text-slate-700${centered ? ' mx-auto' : ''}`}>{lead}</p>
        )}
      </div>
      {actions}
    </div>
  );
}
