import { useLingui } from '@lingui/react/macro';
import type { ChallengePage } from '@pushup/shared';
import { byDay, daysLeftText, namesList } from '@/features/challenges/challenge-texts';
import { ProgressBar } from '@/features/challenges/components/progress-bar';
import { formatNumber } from '@/lib/i18n/format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-bold break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** A running or upcoming challenge at a glance: days left, today's leader, the caller's pace. */
export function RunningFacts({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  const { pace, todaysLeader, target } = challenge;
  const goal = target === null ? '' : formatNumber(target);
  let paceText: string | null = null;
  if (pace && pace.remaining > 0) {
    const perDay = formatNumber(pace.perDay);
    const by = byDay(challenge.endDay, pace.daysLeft);
    paceText = t`${perDay} a day to reach ${goal} by ${by}`;
  } else if (pace) {
    paceText = t`You reached ${goal}.`;
  }
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact
          label={t`Time left`}
          value={challenge.status === 'upcoming' ? t`Not started yet` : daysLeftText(challenge.daysLeft)}
        />
        <Fact
          label={t`Today’s leader`}
          value={
            todaysLeader
              ? `${todaysLeader.person.username} (${formatNumber(todaysLeader.today)})`
              : t`Nobody yet`
          }
        />
        <Fact label={t`All together`} value={t`${formatNumber(challenge.groupTotal)} push-ups`} />
      </dl>
      {paceText && <p className="font-semibold text-brand-800">{paceText}</p>}
    </div>
  );
}

/** The group's total against N ('together to N'), as a bar with its numbers in words. */
export function TogetherProgress({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  if (challenge.kind !== 'together' || challenge.target === null) return null;
  const total = formatNumber(challenge.groupTotal);
  const goal = formatNumber(challenge.target);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="font-semibold text-slate-900">{t`Together: ${total} of ${goal}`}</p>
      <ProgressBar value={challenge.groupTotal} max={challenge.target} mine />
    </div>
  );
}

/**
 * A finished challenge's fixed result: the winners (ties share), whether N was reached, the total;
 * or that it is not fixed yet.
 */
export function ResultFacts({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  const { result } = challenge;
  if (!result) {
    // Over in the caller's days while a participant in a zone behind still has time: the result is
    // fixed when the last end day is over (docs/product.md, "Group challenges, cheers and the feed").
    return (
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h2 className="text-lg font-bold text-slate-900">{t`Result`}</h2>
        <p className="mt-1 text-slate-800">
          {t`Not fixed yet: some participants’ last day is not over where they live. Their push-ups until then still count.`}
        </p>
      </div>
    );
  }
  const total = formatNumber(result.groupTotal);
  const reachedBy = challenge.participants.filter((p) => p.reached).map((p) => p.person);
  let headline: string;
  if (challenge.kind === 'race') {
    const names = namesList(result.winners);
    headline =
      result.winners.length === 0
        ? t`Nobody won: no push-ups were logged.`
        : result.winners.length > 1
          ? t`A tie: ${names} won.`
          : t`${names} won.`;
  } else if (challenge.kind === 'everyone') {
    headline =
      reachedBy.length === 0 ? t`Nobody reached the goal.` : t`Reached the goal: ${namesList(reachedBy)}.`;
  } else {
    headline = result.reachedTarget
      ? t`The group reached the goal together.`
      : t`The group fell short of the goal.`;
  }
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <h2 className="text-lg font-bold text-emerald-900">{t`Result`}</h2>
      <p className="mt-1 font-semibold text-emerald-900">{headline}</p>
      <p className="mt-1 text-sm text-emerald-900">{t`The group’s total: ${total} push-ups.`}</p>
    </div>
  );
}
