import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  applyWorkout,
  localDay,
  type PlanOutcome,
  type PlanSession,
  type PlanSettings,
  type PlanState,
  sessionAt,
} from '@pushup/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { CircleCheck, CircleX, CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import type { FinishResult } from '@/features/plans/api/finish-workout';
import { usePlan } from '@/features/plans/api/plan';
import { outcomeText, sessionName, sessionSize } from '@/features/plans/plan-texts';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/i18n/format';

/**
 * The end of a workout: each set against its target (met or missed, said in words and not by
 * colour alone), the total, whether it reached the server or waits on the device, and, once the
 * server has moved the plan on, why and what comes next.
 */
export function WorkoutSummary({
  session,
  done,
  save,
}: {
  session: PlanSession;
  done: number[];
  save: UseMutationResult<FinishResult, Error, number[]>;
}) {
  const { t } = useLingui();
  const total = done.reduce((sum, reps) => sum + reps, 0);
  const plan = usePlan().data?.plan;
  const result = save.data;
  const moved = result?.state === 'sent' && plan?.progress.lastOutcome?.session === session.index;
  // Waiting on the device, the plan is moved here by the same rules the server applies when it arrives.
  const foreseen = result?.state === 'waiting' && plan ? foresee(plan, session, done) : null;
  const outcome = moved ? plan?.progress.lastOutcome : foreseen?.outcome;
  const next = moved ? plan?.next : foreseen?.next;
  return (
    <SectionCard id="workout-summary" title={t`Workout done`}>
      <p className="text-3xl font-extrabold text-slate-900">
        <Plural value={total} one="# pushup" other="# pushups" />
      </p>
      <table className="mt-4 w-full text-left tabular-nums">
        <caption className="sr-only">
          <Trans>Each set against its target</Trans>
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-sm text-slate-600">
            <th scope="col" className="py-2 font-semibold">
              <Trans>Set</Trans>
            </th>
            <th scope="col" className="py-2 font-semibold">
              <Trans>Target</Trans>
            </th>
            <th scope="col" className="py-2 font-semibold">
              <Trans>Done</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {session.sets.map((set, index) => {
            const reps = done[index] ?? 0;
            const met = reps >= set.reps;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a session's sets are fixed and in order
              <tr key={index} className="border-b border-slate-100">
                <td className="py-2 font-semibold text-slate-900">{formatNumber(index + 1)}</td>
                <td className="py-2 text-slate-700">
                  {set.atLeast ? `${formatNumber(set.reps)}+` : formatNumber(set.reps)}
                </td>
                <td className={cn('py-2 font-bold', met ? 'text-emerald-800' : 'text-red-800')}>
                  <span className="inline-flex items-center gap-1.5">
                    {met ? (
                      <CircleCheck className="size-4" aria-hidden="true" />
                    ) : (
                      <CircleX className="size-4" aria-hidden="true" />
                    )}
                    {formatNumber(reps)}
                    <span className={met ? 'sr-only' : 'text-sm font-semibold'}>
                      {met ? t`met` : t`missed`}
                    </span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-4 space-y-2" aria-live="polite">
        {save.isPending && (
          <p className="text-slate-700">
            <Trans>Saving your workout…</Trans>
          </p>
        )}
        {save.isError && (
          <p role="alert" className="font-medium text-red-800">
            <Trans>Failed to save your workout.</Trans> {save.error.message}
          </p>
        )}
        {result?.state === 'waiting' && (
          <p className="flex items-start gap-2 text-slate-700">
            <CloudOff className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <Trans>
              Saved on this device. It will be sent when you are back online, and your plan moves on then.
            </Trans>
          </p>
        )}
        {result?.state === 'refused' && (
          <p role="alert" className="font-medium text-red-800">
            <Trans>The server did not take this workout:</Trans> {result.error.message}
          </p>
        )}
        {outcome && <p className="font-semibold text-slate-900">{outcomeText(outcome.kind)}</p>}
        {next && <NextSession session={next} />}
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/plan" className={buttonClasses('primary', 'lg')}>
          <Trans>Your plan</Trans>
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'lg')}>
          <Trans>Dashboard</Trans>
        </Link>
      </div>
    </SectionCard>
  );
}

/** 'Next: Week 3, day 3 · 5 sets, 65 pushups'. */
function NextSession({ session }: { session: PlanSession }) {
  const name = sessionName(session);
  const size = sessionSize(session);
  return (
    <p className="text-slate-700">
      <Trans>
        Next: {name} · {size}
      </Trans>
    </p>
  );
}

/** What the workout does to the plan as the device last saw it (null when it moved on since). */
function foresee(
  plan: NonNullable<PlanState['plan']>,
  session: PlanSession,
  sets: number[],
): { outcome: PlanOutcome; next: PlanSession | null } | null {
  if (plan.progress.position !== session.index || plan.progress.status !== 'active') return null;
  const settings = plan.settings as PlanSettings;
  try {
    const { progress, outcome } = applyWorkout(settings, plan.progress, {
      session: session.index,
      day: localDay(new Date()),
      sets,
    });
    const next =
      progress.status === 'finished' ? null : sessionAt(settings, progress.level, progress.position);
    return { outcome, next };
  } catch {
    return null;
  }
}
