import { useLingui } from '@lingui/react/macro';
import type { ChallengePage } from '@pushup/shared';
import { Check } from 'lucide-react';
import { ProgressBar } from '@/features/challenges/components/progress-bar';
import { formatNumber } from '@/lib/i18n/format';

/**
 * The participants with their totals: a race ranks them (bars against the leader), 'everyone to N'
 * shows each one's share of N, 'together to N' what each adds to the group's total.
 */
export function ParticipantsList({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  const { kind, target, participants } = challenge;
  const leaderTotal = Math.max(1, ...participants.map((p) => p.total));
  const max =
    kind === 'everyone' && target
      ? target
      : kind === 'together'
        ? Math.max(1, challenge.groupTotal)
        : leaderTotal;
  if (participants.length === 0) {
    return <p className="text-sm text-slate-600">{t`Nobody has joined yet.`}</p>;
  }
  return (
    <ol aria-label={t`Participants`} className="flex flex-col gap-3">
      {participants.map((participant) => {
        const name = participant.isCurrentUser ? t`You` : participant.person.username;
        const total = formatNumber(participant.total);
        const rank = formatNumber(participant.rank);
        let line: string;
        if (kind === 'everyone' && target) {
          const of = formatNumber(target);
          const percent = formatNumber(Math.min(100, Math.floor((participant.share ?? 0) * 100)));
          line = t`${total} of ${of} (${percent} %)`;
        } else {
          line = t`${total} push-ups`;
        }
        return (
          <li key={participant.person.uuid ?? `${participant.person.username}-${participant.rank}`}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 font-semibold break-words text-slate-900">
                {kind === 'race' && <span className="mr-2 text-slate-600">{t`#${rank}`}</span>}
                {kind === 'race' && ' '}
                {name}
                {participant.reached && (kind !== 'race' || challenge.status === 'finished') && (
                  // Inline, not a flex box: a flex box's baseline is its icon's foot, which lifted the
                  // word above the name's line.
                  <span className="ml-2 whitespace-nowrap text-emerald-800">
                    <Check className="mr-1 inline size-4 align-[-0.125em]" aria-hidden="true" />
                    {kind === 'race' ? t`winner` : t`reached N`}
                  </span>
                )}
              </span>
              <span className="text-slate-700 tabular-nums">
                {line}
                {participant.today !== null && participant.today > 0 && (
                  <span className="ml-2 text-slate-600">{t`(${formatNumber(participant.today)} today)`}</span>
                )}
              </span>
            </div>
            <ProgressBar value={participant.total} max={max} mine={participant.isCurrentUser} />
          </li>
        );
      })}
    </ol>
  );
}
