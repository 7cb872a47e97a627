import { Trans } from '@lingui/react/macro';
import { CalendarDays, UserRound, Users } from 'lucide-react';
import { formatDate, membersLabel } from '@/features/groups/groups-format';
import { cn } from '@/lib/cn';

/** The seats of a group as a bar with its label ('3 / 10 members'). */
export function SeatsBar({ memberCount, maxMembers }: { memberCount: number; maxMembers: number }) {
  const share = maxMembers > 0 ? Math.min(1, memberCount / maxMembers) : 1;
  const full = memberCount >= maxMembers;
  return (
    <div>
      <p className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-1.5 font-semibold text-slate-900">
          <Users className="size-4 text-brand-700" aria-hidden="true" />
          {membersLabel(memberCount, maxMembers)}
        </span>
        {full && (
          <span className="font-semibold text-red-800">
            <Trans>Full</Trans>
          </span>
        )}
      </p>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', full ? 'bg-red-600' : 'bg-brand-600')}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

/** Who created a group and since when. */
export function CreatorLine({ creator, createdAt }: { creator: string | null; createdAt: string }) {
  const since = formatDate(createdAt);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
      {creator && (
        <li className="flex min-w-0 items-center gap-1.5">
          <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="break-words [overflow-wrap:anywhere]" title={creator}>
            <Trans>Created by {creator}</Trans>
          </span>
        </li>
      )}
      <li className="flex items-center gap-1.5">
        <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
        <Trans>Since {since}</Trans>
      </li>
    </ul>
  );
}
