import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { INSTANCE } from '@/config/instance';
import { instanceSettings } from '@/config/instance-settings';
import { formatDay } from '@/lib/format-day';

/** The one text of config/instance.ts that is shown in the reader's language (the hosting place). */
const TRANSLATED: Record<string, MessageDescriptor> = {
  "the operator's own server": msg`the operator's own server`,
};

/** A value of config/instance.ts as a legal page shows it. */
export function instanceText(value: string): string {
  const translated = TRANSLATED[value];
  return translated ? i18n._(translated) : value;
}

/** The operator's name from the server's settings, or null when they have not given it. */
export function operatorName(): string | null {
  return instanceSettings().operator.name;
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

/**
 * The operator's details as the server's settings give them (OPERATOR_*). What is not set is left
 * out; when nothing is set, the page says so instead of showing a placeholder.
 */
/** Whether the operator has given any of their name, address, email or phone. */
export function operatorDetailsGiven(): boolean {
  const { name, address, email, phone } = instanceSettings().operator;
  return name !== null || address.length > 0 || email !== null || phone !== null;
}

export function OperatorContact() {
  const { name, address, email, phone } = instanceSettings().operator;
  if (!operatorDetailsGiven()) {
    return (
      <p data-testid="operator-missing" className="rounded-xl bg-slate-50 p-4 text-slate-700">
        <Trans>The operator of this instance has not provided their name and contact details.</Trans>
      </p>
    );
  }
  return (
    <address className="not-italic leading-relaxed">
      <strong>{name ?? i18n._(msg`The operator of this instance`)}</strong>
      {address.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines are fixed, in this order
        <span key={index} className="block">
          {line}
        </span>
      ))}
      {email && (
        <span className="block">
          <Trans>
            Email:{' '}
            <a href={`mailto:${email}`} className="font-semibold text-brand-800 underline">
              {email}
            </a>
          </Trans>
        </span>
      )}
      {phone && (
        <span className="block">
          <Trans>Phone: {phone}</Trans>
        </span>
      )}
    </address>
  );
}
