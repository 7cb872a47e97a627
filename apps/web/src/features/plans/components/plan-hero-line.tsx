import { Trans } from '@lingui/react/macro';
import { ArrowRight, CircleCheck, Dumbbell } from 'lucide-react';
import { Link } from 'react-router';
import { usePlan } from '@/features/plans/api/plan';
import { sessionName, sessionSize } from '@/features/plans/plan-texts';

const startLink =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl bg-white px-4 text-sm font-bold text-brand-900 shadow-sm hover:bg-brand-50';
const quietLink =
  'inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-white underline decoration-white/50 underline-offset-4 hover:decoration-white';

/**
 * The plan's line in the dashboard's hero (docs/product.md, "Training plans: screens"): today's
 * session with Start on a training day not yet done, what comes next once it is, or a quiet 'Get a
 * plan'. One line of a fixed height whatever it says, so that the counter below never moves when
 * the plan arrives (the first screen keeps logging in view on a phone).
 */
export function PlanHeroLine() {
  const { data } = usePlan();
  const plan = data?.plan;
  const running = plan && (plan.progress.status === 'active' || plan.progress.status === 'paused');
  return (
    <div className="relative mt-3 flex min-h-11 items-center gap-3">
      {!data ? null : !running || !plan ? (
        <Link to="/plan" className={quietLink}>
          <Trans>Get a plan</Trans>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : plan.progress.status === 'paused' || !plan.next ? (
        <Link to="/plan" className={quietLink}>
          <Trans>Your plan is paused</Trans>
        </Link>
      ) : plan.doneToday.length > 0 ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-white">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          <span>
            <Trans>Today’s workout is done.</Trans>{' '}
            <Link
              to="/plan"
              className="underline decoration-white/50 underline-offset-4 hover:decoration-white"
            >
              <NextName name={sessionName(plan.next)} />
            </Link>
          </span>
        </p>
      ) : plan.trainingToday ? (
        <>
          <p className="min-w-0 text-sm font-semibold text-white">
            <TodayLine name={sessionName(plan.next)} size={sessionSize(plan.next)} />
          </p>
          <Link to="/plan/workout" className={startLink}>
            <Dumbbell className="size-4" aria-hidden="true" />
            <Trans>Start</Trans>
          </Link>
        </>
      ) : (
        <Link to="/plan" className={quietLink}>
          <Trans>Rest day.</Trans> <NextName name={sessionName(plan.next)} />
        </Link>
      )}
    </div>
  );
}

function TodayLine({ name, size }: { name: string; size: string }) {
  return (
    <Trans>
      Today: {name} · {size}
    </Trans>
  );
}

export function NextName({ name }: { name: string }) {
  return <Trans>Next: {name}</Trans>;
}
