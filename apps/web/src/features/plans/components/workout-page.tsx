import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanSession, PlanState } from '@pushup/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { usePlan } from '@/features/plans/api/plan';
import { sessionName, sessionSize } from '@/features/plans/plan-texts';
import { type CountingAid, GuidedWorkout } from './guided-workout';

/**
 * /plan/workout (under /plan, so the navigation marks Plan): the plan's next session, guided set by
 * set (docs/product.md, "Training plans: screens").
 * Without an active plan, or with today's session done, it says so and leads back to the plan.
 */
export function WorkoutPage({ countingAid }: { countingAid?: CountingAid }) {
  const { t } = useLingui();
  const plan = usePlan();
  return (
    <div className="mx-auto max-w-xl">
      <QueryState query={plan} loading={t`Loading your plan…`} failure={t`Failed to load your plan`}>
        {(state) => <WorkoutFor state={state} countingAid={countingAid} />}
      </QueryState>
    </div>
  );
}

function WorkoutFor({ state, countingAid }: { state: PlanState; countingAid?: CountingAid }) {
  const { t } = useLingui();
  // The session is fixed when the workout starts: a plan refetched meanwhile does not change it.
  const [started, setStarted] = useState<PlanSession | null>(null);
  const plan = state.plan;
  if (started) return <GuidedWorkout session={started} countingAid={countingAid} />;
  const next = plan?.progress.status === 'active' ? plan.next : null;
  const doneToday = (plan?.doneToday.length ?? 0) > 0;
  return (
    <>
      <PageHeader title={t`Workout`} lead={next ? sessionName(next) : undefined} />
      <SectionCard id="workout-start" title={next ? sessionSize(next) : t`No workout to do`}>
        {!plan ? (
          <p className="text-slate-700">
            <Trans>Choose a plan first: it says what to do on each training day.</Trans>
          </p>
        ) : plan.progress.status === 'paused' ? (
          <p className="text-slate-700">
            <Trans>Your plan is paused. Resume it to train with it again.</Trans>
          </p>
        ) : !next ? (
          <p className="text-slate-700">
            <Trans>Your plan is finished.</Trans>
          </p>
        ) : doneToday ? (
          <p className="text-slate-700">
            <Trans>Today’s workout is done. The next one is ready when you are.</Trans>
          </p>
        ) : !plan.trainingToday ? (
          <p className="text-slate-700">
            <Trans>Today is a rest day. You can train anyway: the plan moves on when you do.</Trans>
          </p>
        ) : (
          <p className="text-slate-700">
            <Trans>One set at a time, with a rest between sets. The screen stays on while you train.</Trans>
          </p>
        )}
        {next && (
          <ol className="mt-4 flex flex-wrap gap-2" aria-label={t`Sets`}>
            {next.sets.map((set, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a session's sets are fixed and in order
                key={index}
                className="rounded-lg bg-slate-100 px-3 py-1.5 font-semibold text-slate-800 tabular-nums"
              >
                {set.atLeast ? `${set.reps}+` : set.reps}
              </li>
            ))}
          </ol>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          {next && (
            <button type="button" className={buttonClasses('primary', 'lg')} onClick={() => setStarted(next)}>
              {doneToday ? <Trans>Start the next one</Trans> : <Trans>Start workout</Trans>}
            </button>
          )}
          <Link to="/plan" className={buttonClasses(next ? 'secondary' : 'primary', 'lg')}>
            <Trans>Your plan</Trans>
          </Link>
        </div>
      </SectionCard>
    </>
  );
}
