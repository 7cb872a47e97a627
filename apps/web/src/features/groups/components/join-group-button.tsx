import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '@pushup/shared';
import { Check, Clock, Loader2, UserPlus } from 'lucide-react';
import { type JoinMessages, useJoinGroup } from '@/features/groups/hooks/use-join-group';
import { JOIN_LABELS, type JoinStatus } from '@/features/groups/join-state';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';

const styles: Record<JoinStatus, string> = {
  join: 'bg-brand-700 text-white hover:bg-brand-800',
  joining: 'bg-brand-700 text-white',
  pending: 'border border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100',
  cancelling: 'border border-amber-300 bg-amber-50 text-amber-900',
  joined: 'border border-emerald-200 bg-emerald-50 text-emerald-800',
  rejected: 'border border-red-200 bg-red-50 text-red-800',
  'cannot-join': 'border border-slate-200 bg-slate-100 text-slate-700',
};

function StatusIcon({ status }: { status: JoinStatus }) {
  const className = 'size-4 shrink-0';
  if (status === 'joining' || status === 'cancelling') {
    return (
      <Loader2 className={cn(className, 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
    );
  }
  if (status === 'joined') return <Check className={className} aria-hidden="true" />;
  if (status === 'pending') return <Clock className={className} aria-hidden="true" />;
  if (status === 'join') return <UserPlus className={className} aria-hidden="true" />;
  return null;
}

/**
 * A group's join button with the seven labels of docs/product.md, "Screens": Join asks to join, Request
 * Pending cancels, the rest are disabled. A rejected user also gets 'Ask to rejoin'.
 * `describedBy` names the group for screen readers (the label stays the spec's word).
 */
export function JoinGroupButton({
  group,
  messages,
  describedBy,
  className,
}: {
  group: Group;
  messages: JoinMessages;
  describedBy?: string;
  className?: string;
}) {
  const { status, statusFailed, join, cancel, rejoin } = useJoinGroup(group, messages);
  const actionable = status === 'join' || status === 'pending';
  const { t } = useLingui();
  return (
    <div className={cn('flex flex-col items-end gap-1', className)}>
      <button
        type="button"
        disabled={!actionable}
        aria-busy={status === 'joining' || status === 'cancelling' || undefined}
        aria-describedby={describedBy}
        title={status === 'pending' ? t`Cancel your join request` : undefined}
        onClick={() => void (status === 'pending' ? cancel() : join())}
        className={cn(
          'inline-flex h-9 min-w-[8.5rem] items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold whitespace-nowrap transition-colors',
          'disabled:cursor-not-allowed',
          styles[status],
        )}
      >
        <StatusIcon status={status} />
        {JOIN_LABELS[status]}
      </button>
      {status === 'rejected' && (
        <button
          type="button"
          onClick={() => void rejoin()}
          aria-describedby={describedBy}
          className="text-xs font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <Trans>Ask to rejoin</Trans>
        </button>
      )}
      {statusFailed && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {sharedMessage('failedToLoadGroupStatus')}
        </p>
      )}
    </div>
  );
}
