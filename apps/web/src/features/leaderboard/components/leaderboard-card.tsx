import type { MessageDescriptor } from '@lingui/core';
import { msg, selectOrdinal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LEADERBOARD_SIZE, type LeaderboardRow, type Trophy as TrophyKind } from '@pushup/shared';
import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/query-state';
import { StatusBadge, YouBadge } from '@/components/ui/badges';
import { SectionCard } from '@/components/ui/card';
import { RANKING_HEADER, TableHeader } from '@/components/ui/table';
import { useLeaderboard } from '@/features/leaderboard/api/leaderboard';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';
import { formatNumber } from '@/lib/i18n/format';

const trophyStyle: Record<TrophyKind, { className: string; label: MessageDescriptor }> = {
  gold: { className: 'text-amber-500', label: msg`Gold trophy` },
  silver: { className: 'text-slate-400', label: msg`Silver trophy` },
  bronze: { className: 'text-orange-700', label: msg`Bronze trophy` },
};

function Row({ row, separated }: { row: LeaderboardRow; separated: boolean }) {
  const { t, i18n } = useLingui();
  const trophy = row.trophy ? trophyStyle[row.trophy] : null;
  return (
    <tr
      className={cn(
        'border-t border-slate-100',
        row.isCurrentUser && 'bg-brand-50/70',
        separated && 'border-t-2 border-dashed border-slate-200',
      )}
    >
      <td className="py-2.5 pr-2 pl-3 font-semibold tabular-nums text-slate-700">
        {row.hidden ? (
          // The rank belongs to the shown user there: this row only says where it would be.
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">{t`No rank`}</span>
          </>
        ) : (
          row.rank
        )}
      </td>
      <td className="max-w-0 py-2.5 pr-2">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium text-slate-900" title={row.username}>
            {row.username}
          </span>
          {row.isCurrentUser && <YouBadge />}
        </span>
        {row.hidden && (
          // docs/product.md, "Leaderboard visibility": nobody else sees this row. On a line of its own,
          // so that the name keeps its room.
          <span
            className="mt-0.5 block text-xs font-semibold text-slate-600"
            title={t`Only you see this row: you are hidden from the global leaderboard`}
          >
            <StatusBadge tone="slate">{t`Hidden`}</StatusBadge>{' '}
            {selectOrdinal(row.rank, {
              one: 'would be #st',
              two: 'would be #nd',
              few: 'would be #rd',
              other: 'would be #th',
            })}
            <span className="sr-only">{t`: only you see this row`}</span>
          </span>
        )}
      </td>
      <td className="py-2.5 pr-3 text-right font-semibold tabular-nums text-slate-900">
        <span className="inline-flex items-center gap-1.5">
          {trophy && (
            <Trophy className={cn('size-4', trophy.className)} aria-label={i18n._(trophy.label)} role="img" />
          )}
          {formatNumber(row.total)}
        </span>
      </td>
    </tr>
  );
}

/** Global Leaderboard: #, Name, Pushups, trophies for the top 3 and the 'You' badge. */
export function LeaderboardCard() {
  const { t } = useLingui();
  const leaderboard = useLeaderboard();
  const failed = leaderboard.isError;

  useEffect(() => {
    if (failed) toast.error(sharedMessage('failedToLoadData'), { id: 'leaderboard-load' });
  }, [failed]);

  return (
    <SectionCard id="global-leaderboard" title={t`Global Leaderboard`} icon={<Trophy className="size-5" />}>
      <QueryState
        query={leaderboard}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="py-6 text-center text-slate-600">{sharedMessage('noPushupsYet')}</p>
          ) : (
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              aria-label={t`Leaderboard rows`}
              className="-mx-5 max-h-[28rem] overflow-y-auto sm:-mx-6"
            >
              <table className="w-full table-fixed text-sm">
                <caption className="sr-only">
                  <Trans>Everyone's total pushups, best first</Trans>
                </caption>
                <TableHeader
                  className={cn(RANKING_HEADER, 'sticky top-0 bg-white')}
                  columns={[
                    { label: '#', className: 'w-12 py-2 pr-2 pl-3' },
                    { label: t`Name`, className: 'py-2 pr-2' },
                    { label: t`Pushups`, className: 'w-28 py-2 pr-3 text-right' },
                  ]}
                />
                <tbody>
                  {rows.map((row, index) => (
                    <Row
                      key={`${row.rank}-${row.username}`}
                      row={row}
                      // The caller's own row after the top 100 (a hidden caller's may sit among them).
                      separated={index === LEADERBOARD_SIZE && row.isCurrentUser}
                    />
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
