import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GroupMemberStats, Trophy } from '@pushup/shared';
import { Medal } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { AdminBadge, YouBadge } from '@/components/ui/badges';
import { SectionCard } from '@/components/ui/card';
import { RANKING_HEADER, TableHeader } from '@/components/ui/table';
import { useGroupStats } from '@/features/groups/api/group-stats';
import { groupHomePath } from '@/features/groups/links';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';

const medalStyle: Record<Trophy, { className: string; label: MessageDescriptor }> = {
  gold: { className: 'text-amber-500', label: msg`Gold medal` },
  silver: { className: 'text-slate-400', label: msg`Silver medal` },
  bronze: { className: 'text-orange-700', label: msg`Bronze medal` },
};

function MemberRow({ member }: { member: GroupMemberStats }) {
  const { i18n } = useLingui();
  const medal = member.medal ? medalStyle[member.medal] : null;
  return (
    <tr className={cn('border-t border-slate-100', member.isCurrentUser && 'bg-brand-50/70')}>
      <td className="py-2.5 pr-1 pl-3 font-semibold tabular-nums text-slate-700">
        <span className="inline-flex items-center gap-1">
          {member.rank}
          {medal && (
            <Medal className={cn('size-4', medal.className)} aria-label={i18n._(medal.label)} role="img" />
          )}
        </span>
      </td>
      <td className="max-w-0 py-2.5 pr-2">
        {/* The badges move below the name as one row on a narrow column, instead of squeezing it away. */}
        <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
          {/* The whole name, wrapped where it must: a board of names cut to 'sam_...' tells nobody apart. */}
          <span className="max-w-full font-medium break-words text-slate-900 [overflow-wrap:anywhere]">
            {member.username}
          </span>
          {(member.isCurrentUser || member.role === 'admin') && (
            <span className="inline-flex flex-wrap gap-1">
              {member.isCurrentUser && <YouBadge />}
              {member.role === 'admin' && <AdminBadge />}
            </span>
          )}
        </span>
      </td>
      <td className="py-2.5 pr-2 text-right tabular-nums text-slate-800">{formatNumber(member.week)}</td>
      <td className="py-2.5 pr-2 text-right tabular-nums text-slate-800">{formatNumber(member.month)}</td>
      <td className="py-2.5 pr-3 text-right font-semibold tabular-nums text-slate-900">
        {formatNumber(member.total)}
      </td>
    </tr>
  );
}

const sumColumn = 'w-[3.75rem] py-2 pr-2 text-right sm:w-20';
/** The rank column's '#' is the same in every language. */
const GROUP_COLUMNS: { label: MessageDescriptor | string; className: string }[] = [
  { label: '#', className: 'w-12 py-2 pr-1 pl-3 sm:w-14' },
  { label: msg`Name`, className: 'py-2 pr-2' },
  { label: msg`Week`, className: sumColumn },
  { label: msg`Month`, className: sumColumn },
  { label: msg`Total`, className: `${sumColumn} pr-3` },
];

/**
 * The selected group's leaderboard (docs/product.md, "Screens" and "Data"): week (from Sunday), month and total per
 * member, medals for the top 3, the Admin badge. 'Loading statistics...' while it loads.
 */
export function GroupLeaderboardCard({
  groupId,
  groupName,
  onGroupPage = false,
}: {
  groupId: string;
  groupName: string;
  /** On the group's own page, whose heading names the group: no link to it. */
  onGroupPage?: boolean;
}) {
  const { t, i18n } = useLingui();
  const stats = useGroupStats(groupId);
  const columns = GROUP_COLUMNS.map((column) => ({
    ...column,
    label: typeof column.label === 'string' ? column.label : i18n._(column.label),
  }));
  return (
    <SectionCard
      id="group-leaderboard"
      title={t`Group Leaderboard`}
      description={
        onGroupPage ? undefined : (
          <Link
            to={groupHomePath(groupId)}
            className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
          >
            {groupName}
          </Link>
        )
      }
      icon={<Medal className="size-5" />}
    >
      <QueryState
        query={stats}
        loading={sharedMessage('loadingStatistics')}
        failure={sharedMessage('failedToLoadGroupStatistics')}
      >
        {(data) => {
          const weekStart = formatDay(data.weekStart, 'axis');
          const monthStart = formatDay(data.monthStart, 'axis');
          return (
            <>
              <div className="-mx-5 overflow-x-auto sm:-mx-6">
                <table className="w-full table-fixed text-sm">
                  <caption className="sr-only">
                    <Trans>{groupName}: pushups this week, this month and in total, best total first</Trans>
                  </caption>
                  <TableHeader className={RANKING_HEADER} columns={columns} />
                  <tbody>
                    {data.members.map((member) => (
                      <MemberRow key={member.uuid} member={member} />
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-3 text-xs text-slate-600">
                <Trans>
                  Week since Sunday, {weekStart}; month since {monthStart}.
                </Trans>
              </p>
            </>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
