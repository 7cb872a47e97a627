import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { INSTANCE } from '../../../config/instance';

function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00`);
  return date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Shared frame of the four legal pages. */
export function LegalPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} lead={lead} />
      <div className="legal-prose space-y-8 rounded-2xl border border-slate-200/80 bg-white p-6 text-slate-800 shadow-card sm:p-10">
        {children}
        <p className="border-t border-slate-200 pt-6 text-sm text-slate-600">
          Last updated: {formatDay(INSTANCE.legalLastUpdated)}
        </p>
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function OperatorContact() {
  return (
    <address className="not-italic leading-relaxed">
      <strong>{INSTANCE.operatorName}</strong>
      {INSTANCE.operatorAddress.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <span className="block">
        Email:{' '}
        <a href={`mailto:${INSTANCE.contactEmail}`} className="font-semibold text-brand-800 underline">
          {INSTANCE.contactEmail}
        </a>
      </span>
      {INSTANCE.contactPhone && <span className="block">Phone: {INSTANCE.contactPhone}</span>}
    </address>
  );
}
