import { Trans, useLingui } from '@lingui/react/macro';
import { type PlanState, proposePlan } from '@pushup/shared';
import { CalendarDays, CircleCheck, ClipboardCheck, Dumbbell, Info } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { usePlan } from '@/features/plans/api/plan';
import { levelName, outcomeText, planName, sessionName, sessionSize } from '@/features/plans/plan-texts';
import { formatNumber } from '@/lib/i18n/format';
import { PlanCalendar } from './plan-calendar';
import { NextName } from './plan-hero-line';
import { PlanManageCard } from './plan-manage-card';
import { PlanStartForm } from './plan-start-form';
import { PlanTestsCard } from './plan-tests-card';

type Plan = NonNullable<PlanState['plan']>;

/**
 * /plan (docs/product.md, "Training plans: screens"): with a plan, what is next and why, its
 * calendar, its controls and the tests over time; without one (or after one ended), the catalogue
 * to start one, with what the latest test proposes marked.
 */
export function PlanPage() {
  const { t } = useLingui();
  const plan = usePlan();
  return (
    <QueryState query={plan} loading={t`Loading your plan…`} failure={t`Failed to load your plan`}>
      {(state) =>
        state.plan && (state.plan.progress.status === 'active' || state.plan.progress.status === 'paused') ? (
          <PlanOverview plan={state.plan} />
        ) : (
          <PlanCatalogue state={state} />
        )
      }
    </QueryState>
  );
}

function PlanCatalogue({ state }: { state: PlanState }) {
  const { t } = useLingui();
  const test = state.latestTest;
  const proposal = test ? proposePlan(test.count) : null;
  const best = test ? formatNumber(test.count) : '';
  const finished = state.plan?.progress.status === 'finished' ? state.plan : null;
  return (
    <>
      <PageHeader
        title={t`Training plans`}
        lead={t`A plan says what to do on each training day and adapts as you go.`}
      />
      <div className="space-y-6">
        {finished && (
          <SectionCard id="plan-finished" title={t`Plan finished`} icon={<CircleCheck className="size-5" />}>
            <p className="text-slate-700">
              <FinishedLine name={planName(finished.settings.planId)} />
            </p>
          </SectionCard>
        )}
        <SectionCard
          id="plan-test-invite"
          title={test ? t`Your latest test` : t`Not sure where to start?`}
          icon={<ClipboardCheck className="size-5" />}
        >
          <p className="text-slate-700">
            {test ? (
              <Trans>
                {best} in one set. The plan it suggests is marked below; a new test suggests again.
              </Trans>
            ) : (
              <Trans>A short test of one set suggests the plan and level that fit you.</Trans>
            )}
          </p>
          <Link to="/plan/test" className={buttonClasses(test ? 'secondary' : 'primary', 'lg', 'mt-4')}>
            {test ? <Trans>Take a new test</Trans> : <Trans>Take the placement test</Trans>}
          </Link>
        </SectionCard>
        <SectionCard id="plan-catalogue" title={t`Start a plan`}>
          <PlanStartForm proposal={proposal} />
        </SectionCard>
      </div>
    </>
  );
}

function PlanOverview({ plan }: { plan: Plan }) {
  const { t } = useLingui();
  const { progress, next, sessionCount } = plan;
  const paused = progress.status === 'paused';
  const doneToday = plan.doneToday.length > 0;
  const outcome = progress.lastOutcome;
  const position = formatNumber(Math.min(progress.position + 1, sessionCount ?? progress.position + 1));
  const count = sessionCount === null ? null : formatNumber(sessionCount);
  return (
    <>
      <PageHeader
        title={t`Your plan`}
        lead={`${planName(plan.settings.planId)} · ${levelName(progress.level)}`}
      />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <SectionCard
          id="plan-next"
          title={
            paused
              ? t`Plan paused`
              : doneToday
                ? t`Done for today`
                : plan.trainingToday
                  ? t`Today`
                  : t`Next workout`
          }
          icon={<Dumbbell className="size-5" />}
          description={count ? t`Session ${position} of ${count}` : undefined}
        >
          {next && (
            <p className="text-xl font-bold text-slate-900">
              {doneToday ? <NextName name={sessionName(next)} /> : sessionName(next)}
              <span className="block text-base font-semibold text-slate-700">{sessionSize(next)}</span>
            </p>
          )}
          {paused ? (
            <p className="mt-2 text-slate-700">
              <Trans>Resume the plan below to train with it again.</Trans>
            </p>
          ) : (
            !plan.trainingToday &&
            !doneToday && (
              <p className="mt-2 text-slate-700">
                <Trans>Today is a rest day.</Trans>
              </p>
            )
          )}
          {outcome && (
            <p className="mt-3 flex items-start gap-2 text-slate-800">
              <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {outcomeText(outcome.kind)}
            </p>
          )}
          {next && !paused && (
            <Link
              to="/plan/workout"
              className={buttonClasses(
                doneToday || !plan.trainingToday ? 'secondary' : 'primary',
                'lg',
                'mt-4',
              )}
            >
              {doneToday || !plan.trainingToday ? <Trans>Train anyway</Trans> : <Trans>Start workout</Trans>}
            </Link>
          )}
        </SectionCard>
        <SectionCard id="plan-calendar" title={t`Calendar`} icon={<CalendarDays className="size-5" />}>
          <PlanCalendar days={plan.calendar} />
        </SectionCard>
        <PlanManageCard plan={plan} />
        <PlanTestsCard />
      </div>
    </>
  );
}

function FinishedLine({ name }: { name: string }) {
  return <Trans>You finished {name}. Choose what comes next.</Trans>;
}
