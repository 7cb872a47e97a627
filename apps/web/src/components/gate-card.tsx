import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  warning: { card: 'border-amber-200', icon: 'bg-amber-50 text-amber-800' },
  neutral: { card: 'border-slate-200/80', icon: 'bg-slate-100 text-slate-600' },
};

/** A centred card that stands in for a page's content: an icon, a title and what follows. */
export function NoticeCard({
  id,
  icon,
  title,
  tone,
  className,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  tone: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-2xl border bg-white p-6 text-center shadow-card sm:p-8',
        tones[tone].card,
        className,
      )}
    >
      <span
        className={cn('mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl', tones[tone].icon)}
        aria-hidden="true"
      >
        {icon}
      </span>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The card that stands in for the app when the server turns a signed-in user away (not invited,
 * email not verified): an icon, a title, the reason as an alert, and what the user can do.
 */
export function GateCard({
  id,
  icon,
  title,
  reason,
  email,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  reason: string;
  email: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <NoticeCard id={id} icon={icon} title={title} tone="warning" className="mx-auto max-w-lg">
      <p role="alert" className="mt-3 font-medium text-slate-800">
        {reason}
      </p>
      {email && (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>
            Signed in as <span className="font-semibold text-slate-900">{email}</span>
          </Trans>
        </p>
      )}
      {children}
    </NoticeCard>
  );
}
