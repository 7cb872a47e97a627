import { Trans } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const pill = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold';

/** A group admin's role (docs/product.md, "Data": admins carry an Admin badge). */
export function AdminBadge({ className }: { className?: string }) {
  return (
    <span className={cn(pill, 'bg-brand-100 text-brand-900 ring-1 ring-brand-200 ring-inset', className)}>
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      <Trans>Admin</Trans>
    </span>
  );
}

export function YouBadge() {
  return (
    <span className={cn(pill, 'bg-brand-700 text-white')}>
      <Trans>You</Trans>
    </span>
  );
}

export function StatusBadge({
  tone,
  icon,
  children,
}: {
  tone: 'green' | 'amber' | 'red' | 'slate';
  /** A small icon before the text (decorative). */
  icon?: ReactNode;
  children: string;
}) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  } as const;
  return (
    <span className={cn(pill, 'ring-1 ring-inset', tones[tone])}>
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </span>
  );
}

/** The first letter of a name in a circle, beside the name (decorative). */
export function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 uppercase ring-1 ring-brand-200"
    >
      {name.slice(0, 1)}
    </span>
  );
}
