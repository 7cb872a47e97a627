import { type GroupMemberStats, MESSAGES, type Trophy } from '@pushup/shared';
import { Medal } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { AdminBadge, YouBadge } from '../../../components/ui/badges';
import { SectionCard } from '../../../components/ui/card';
import { RANKING_HEADER, TableHeader } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDay } from '../../../lib/format-day';
import { useGroupStats } from '../api/group-stats';

const numberFormat = new Intl.NumberFormat();

const medalStyle: Record<Trophy, { className: string; label: string }> = {
  gold: { className: 'text-amber-500', label: 'Gold medal' },
  silver: { className: 'text-slate-400', label: 'Silver medal' },
  bronze: { className: 'text-orange-700', label: 'Bronze medal' },
};

function MemberRow({ member }: { member: GroupMemberStats }) {
  const medal = member.medal ? medalStyle[member.medal] : null;
  return (
    <tr className={cn('border-t border-slate-100', member.isCurrentUser && 'bg-brand-50/70')}>
      <td className="py-2.5 pr-1 pl-3 font-semibold tabular-nums text-slate-700">
        <span className="inline-flex items-center gap-1">
          {member.rank}
          {medal && <Medal className={cn('size-4', medal.className)} aria-label={medal.label} role="img" />}
        </span>
      </td>
      <td className="max-w-0 py-2.5 pr-2">
        {/* The badges wrap below the name on a narrow column instead of squeezing it away. */}
        <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
          <span className="max-w-full truncate font-medium text-slate-900">{member.username}</span>
          {member.isCurrentUser && <YouBadge />}
          {member.role === 'admin' && <AdminBadge />}
        </span>
      </td>
      <td className="py-2.5 pr-2 text-right tabular-nums text-slate-800">
        {numberFormat.format(member.week)}
      </td>
      <td className="py-2.5 pr-2 text-right tabular-nums text-slate-800">
        {numberFormat.format(member.month)}
      </td>
      <td className="py-2.5 pr-3 text-right font-semibold tabular-nums text-slate-900">
        {numberFormat.format(member.total)}
      </td>
    </tr>
  );
}

const sumColumn = 'w-[3.75rem] py-2 pr-2 text-right sm:w-20';
const GROUP_COLUMNS = [
  { label: '#', className: 'w-12 py-2 pr-1 pl-3 sm:w-14' },
  { label: 'Name', className: 'py-2 pr-2' },
  { label: 'Week', className: sumColumn },
  { label: 'Month', className: sumColumn },
  { label: 'Total', className: `${sumColumn} pr-3` },
];

/**
 * The selected group's leaderboard (docs/product.md, "Screens" and "Data"): week (from Sunday), month and total per
 * member, medals for the top 3, the Admin badge. 'Loading statistics...' while it loads.
 */
export function GroupLeaderboardCard({ groupId, groupName }: { groupId: string; groupName: string }) {
  const stats = useGroupStats(groupId);
  return (
    <SectionCard
      id="group-leaderboard"
      title="Group Leaderboard"
      description={groupName}
      icon={<Medal className="size-5" />}
    >
      <QueryState
        query={stats}
        loading={MESSAGES.loadingStatistics}
        failure={MESSAGES.failedToLoadGroupStatistics}
      >
        {(data) => (
          <>
            <div className="-mx-5 overflow-x-auto sm:-mx-6">
              <table className="w-full table-fixed text-sm">
                <caption className="sr-only">
                  {groupName}: pushups this week, this month and in total, best total first
                </caption>
                <TableHeader className={RANKING_HEADER} columns={GROUP_COLUMNS} />
                <tbody>
                  {data.members.map((member) => (
                    <MemberRow key={member.uuid} member={member} />
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-3 text-xs text-slate-600">
              Week since Sunday, {formatDay(data.weekStart, 'axis')}; month since{' '}
              {formatDay(data.monthStart, 'axis')}.
            </p>
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
