import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { usePlan, useTakeTest } from '@/features/plans/api/plan';
import { useNow } from '@/features/plans/hooks/use-now';
import { levelName, planName } from '@/features/plans/plan-texts';
import { failureMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/i18n/format';
import { useWakeLock } from '@/lib/use-wake-lock';
import { PlanStartForm } from './plan-start-form';
import { RepCounter } from './rep-counter';

/** The 3-2-1 before the set, a second each. */
const COUNTDOWN_SECONDS = 3;

type Step =
  | { kind: 'ready' }
  | { kind: 'countdown'; endsAt: number }
  | { kind: 'counting' }
  | { kind: 'result' };

/**
 * /plan/test, the placement test (docs/product.md, "Training plans: screens"): one set with good
 * form after a 3-2-1, counted on a large target, then kept (POST /api/plan/tests) with the plan and
 * level it proposes, which the user may change before starting.
 */
export function PlacementTestPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [count, setCount] = useState(0);
  // One id per test: sent again (a lost answer), it is the same test.
  const [id] = useState(() => crypto.randomUUID());
  const take = useTakeTest();
  const status = usePlan().data?.plan?.progress.status;
  // A retest during a plan: the plan stays unless the user starts another one.
  const planRunning = status === 'active' || status === 'paused';
  useWakeLock(step.kind === 'countdown' || step.kind === 'counting');
  const now = useNow(step.kind === 'countdown', 100);
  if (step.kind === 'countdown' && now >= step.endsAt) setStep({ kind: 'counting' });
  const secondsLeft = step.kind === 'countdown' ? Math.max(1, Math.ceil((step.endsAt - now) / 1000)) : 0;
  const finish = () => {
    setStep({ kind: 'result' });
    take.mutate({ id, count });
  };
  const proposal = take.data?.proposal ?? null;
  const suggested = proposal ? planName(proposal.planId) : '';
  const suggestedLevel = proposal ? levelName(proposal.level) : '';
  const done = formatNumber(count);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t`Placement test`}
        lead={t`How many pushups can you do in one set with good form?`}
      />
      {step.kind === 'ready' && (
        <SectionCard id="test-ready" title={t`One set, as many as you can`}>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>
              <Trans>Warm up first, then do as many as you can in one go.</Trans>
            </li>
            <li>
              <Trans>Count only good ones: body straight, chest close to the floor.</Trans>
            </li>
            <li>
              <Trans>Tap the large circle for each pushup, or set the number when you are done.</Trans>
            </li>
          </ul>
          <Button
            size="lg"
            className="mt-5"
            onClick={() => setStep({ kind: 'countdown', endsAt: Date.now() + COUNTDOWN_SECONDS * 1000 })}
          >
            <Trans>Start the test</Trans>
          </Button>
        </SectionCard>
      )}
      {step.kind === 'countdown' && (
        <section aria-label={t`Get ready`} className="flex flex-col items-center gap-4 py-10">
          <p className="text-lg font-semibold text-slate-700">
            <Trans>Get ready</Trans>
          </p>
          <p aria-live="assertive" className="text-9xl font-extrabold text-brand-700 tabular-nums">
            {formatNumber(secondsLeft)}
          </p>
        </section>
      )}
      {step.kind === 'counting' && (
        <section
          aria-labelledby="test-count-title"
          className="mx-auto flex max-w-md flex-col items-center gap-5 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card"
        >
          <h2 id="test-count-title" className="text-2xl font-extrabold text-slate-900">
            <Trans>Go!</Trans>
          </h2>
          <RepCounter value={count} onChange={setCount} />
          <Button size="lg" className="w-full max-w-64 text-lg" onClick={finish}>
            <Check className="size-5" aria-hidden="true" />
            <Trans>Done</Trans>
          </Button>
        </section>
      )}
      {step.kind === 'result' && (
        <div className="space-y-6">
          <SectionCard id="test-result" title={t`Your result: ${done} in one set`}>
            <div aria-live="polite">
              {take.isPending && (
                <p className="text-slate-700">
                  <Trans>Saving your test…</Trans>
                </p>
              )}
              <FormError
                message={take.isError ? failureMessage(t`Failed to save your test`, take.error) : null}
              />
              {take.isError && (
                <Button className="mt-3" variant="secondary" onClick={() => take.mutate({ id, count })}>
                  <Trans>Try again</Trans>
                </Button>
              )}
              {proposal && planRunning && (
                <Link to="/plan" className={buttonClasses('primary', 'lg', 'mb-4')}>
                  <Trans>Back to your plan</Trans>
                </Link>
              )}
              {proposal && (
                <p className="text-lg text-slate-800">
                  <Trans>
                    We suggest <strong>{suggested}</strong>, {suggestedLevel}. You can choose another plan
                    below.
                  </Trans>
                </p>
              )}
            </div>
          </SectionCard>
          {proposal && (
            <SectionCard
              id="test-start"
              title={planRunning ? t`Or start another plan` : t`Start your plan`}
              description={planRunning ? t`Starting another plan ends the one you have now.` : undefined}
            >
              <PlanStartForm proposal={proposal} onStarted={() => navigate('/plan')} />
            </SectionCard>
          )}
        </div>
      )}
    </div>
  );
}
