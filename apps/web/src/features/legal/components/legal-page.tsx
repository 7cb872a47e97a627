import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { INSTANCE } from '../../../config/instance';
import { formatDay } from '../../../lib/format-day';

/** The placeholders of config/instance.ts, shown in the active language until the operator replaces them. */
const PLACEHOLDERS: Record<string, MessageDescriptor> = {
  'The operator of this instance': msg`The operator of this instance`,
  '[Street and number]': msg`[Street and number]`,
  '[Postal code and city]': msg`[Postal code and city]`,
  '[Country]': msg`[Country]`,
  '[Name of the person responsible for the content]': msg`[Name of the person responsible for the content]`,
  "the operator's own server": msg`the operator's own server`,
};

/** A value of config/instance.ts as a legal page shows it: the operator's own words as they are. */
export function instanceText(value: string): string {
  const placeholder = PLACEHOLDERS[value];
  return placeholder ? i18n._(placeholder) : value;
}

/** Whether the operator has not named themselves yet (config/instance.ts still has its placeholder). */
export function operatorUnnamed(): boolean {
  return INSTANCE.operatorName === 'The operator of this instance';
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
  const updated = formatDay(INSTANCE.legalLastUpdated, 'date');
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} lead={lead} />
      <div className="legal-prose space-y-8 rounded-2xl border border-slate-200/80 bg-white p-6 text-slate-800 shadow-card sm:p-10">
        {children}
        <p className="border-t border-slate-200 pt-6 text-sm text-slate-600">
          <Trans>Last updated: {updated}</Trans>
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
  const email = INSTANCE.contactEmail;
  const phone = INSTANCE.contactPhone;
  return (
    <address className="not-italic leading-relaxed">
      <strong>{instanceText(INSTANCE.operatorName)}</strong>
      {INSTANCE.operatorAddress.map((line) => (
        <span key={line} className="block">
          {instanceText(line)}
        </span>
      ))}
      <span className="block">
        <Trans>
          Email:{' '}
          <a href={`mailto:${email}`} className="font-semibold text-brand-800 underline">
            {email}
          </a>
        </Trans>
      </span>
      {phone && (
        <span className="block">
          <Trans>Phone: {phone}</Trans>
        </span>
      )}
    </address>
  );
}
