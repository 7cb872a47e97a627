import { Trans, useLingui } from '@lingui/react/macro';
import {
  localDate,
  localDay,
  PLAN_CATALOGUE,
  type PlanId,
  type PlanLevel,
  type StartPlanBody,
  trainingWeekdays,
  type Weekday,
} from '@pushup/shared';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { useStartPlan } from '@/features/plans/api/plan';
import { levelName, planName, planSummary } from '@/features/plans/plan-texts';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/i18n/format';
import { ShareWithGroups } from './share-with-groups';

/** Monday first, as the calendar shows weeks. */
const WEEK: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** A weekday's name in the active language (0 is Sunday): 2026-11-22 was a Sunday. */
export function weekdayName(weekday: number, width: 'long' | 'short' = 'long'): string {
  return dateTimeFormat({ weekday: width }).format(localDate(`2026-11-${22 + weekday}`));
}

const choiceCard =
  'relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700';

/**
 * The catalogue and the start of a plan (docs/product.md, "Training plans: screens"): the four plans
 * with the proposed one marked, its level, the first day, the training weekdays (the 30-day
 * challenge trains every day), a daily or custom plan's numbers, and whether the user's groups see
 * it. PUT /api/plan.
 */
export function PlanStartForm({
  proposal,
  onStarted,
}: {
  /** What the latest placement test proposes, chosen at first. */
  proposal: { planId: PlanId; level: PlanLevel } | null;
  onStarted?: () => void;
}) {
  const { t } = useLingui();
  const start = useStartPlan();
  const [planId, setPlanId] = useState<PlanId>(proposal?.planId ?? 'hundred');
  const [level, setLevel] = useState<PlanLevel>(proposal?.level ?? 1);
  const [startDay, setStartDay] = useState(() => localDay(new Date()));
  const [weekdays, setWeekdays] = useState<Weekday[]>(() => defaultWeekdays(proposal?.planId ?? 'hundred'));
  const [daily, setDaily] = useState({ total: '50', sets: '5' });
  const [custom, setCustom] = useState({ sets: '5', reps: '10', restSeconds: '60' });
  const [shared, setShared] = useState(false);
  const definition = PLAN_CATALOGUE.find((plan) => plan.id === planId) ?? PLAN_CATALOGUE[0];

  const choosePlan = (id: PlanId) => {
    setPlanId(id);
    setWeekdays(defaultWeekdays(id));
    const levels: readonly number[] = PLAN_CATALOGUE.find((plan) => plan.id === id)?.levels ?? [1];
    if (!levels.includes(level)) setLevel(1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: StartPlanBody = {
      planId,
      level,
      startDay,
      weekdays: trainingWeekdays(planId, weekdays),
      shared,
      ...(planId === 'daily' ? { daily: { total: Number(daily.total), sets: Number(daily.sets) } } : {}),
      ...(planId === 'custom'
        ? {
            custom: {
              sets: Number(custom.sets),
              reps: Number(custom.reps),
              restSeconds: Number(custom.restSeconds),
            },
          }
        : {}),
    };
    start.mutate(body, { onSuccess: () => onStarted?.() });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <fieldset>
        <legend className="mb-3 text-base font-bold text-slate-900">
          <Trans>Choose a plan</Trans>
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLAN_CATALOGUE.map((plan) => {
            const chosen = plan.id === planId;
            const proposed = plan.id === proposal?.planId;
            return (
              <label
                key={plan.id}
                className={cn(
                  choiceCard,
                  chosen
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-slate-200 bg-white hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={chosen}
                  onChange={() => choosePlan(plan.id)}
                  className="sr-only"
                  aria-describedby={`plan-${plan.id}-summary`}
                />
                <span className="flex flex-wrap items-center gap-2 pr-6 font-bold text-slate-900">
                  {planName(plan.id)}
                  {proposed && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
                      <Sparkles className="size-3" aria-hidden="true" />
                      <Trans>Suggested for you</Trans>
                    </span>
                  )}
                </span>
                <span id={`plan-${plan.id}-summary`} className="text-sm text-slate-700">
                  {planSummary(plan.id)}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 right-4 size-5 rounded-full border-2',
                    chosen
                      ? 'border-brand-700 bg-brand-700 ring-3 ring-white ring-inset'
                      : 'border-slate-400',
                  )}
                />
              </label>
            );
          })}
        </div>
      </fieldset>

      {definition.levels.length > 1 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            <Trans>Level</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {definition.levels.map((option) => (
              <label
                key={option}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center rounded-xl border-2 px-4 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                  option === level
                    ? 'border-brand-600 bg-brand-50 text-brand-900'
                    : 'border-slate-200 bg-white text-slate-800',
                )}
              >
                <input
                  type="radio"
                  name="level"
                  value={option}
                  checked={option === level}
                  onChange={() => setLevel(option)}
                  className="sr-only"
                />
                {levelName(option)}
                {proposal?.planId === planId && proposal.level === option && (
                  <span className="ml-1.5 text-sm font-normal">
                    (<Trans>suggested</Trans>)
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {planId === 'daily' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="plan-daily-total"
            label={t`Pushups a day`}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={daily.total}
            onChange={(event) => setDaily({ ...daily, total: event.target.value })}
          />
          <Field
            id="plan-daily-sets"
            label={t`In how many sets`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={daily.sets}
            onChange={(event) => setDaily({ ...daily, sets: event.target.value })}
          />
        </div>
      )}
      {planId === 'custom' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="plan-custom-sets"
            label={t`Sets`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={custom.sets}
            onChange={(event) => setCustom({ ...custom, sets: event.target.value })}
          />
          <Field
            id="plan-custom-reps"
            label={t`Reps per set`}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={custom.reps}
            onChange={(event) => setCustom({ ...custom, reps: event.target.value })}
          />
          <Field
            id="plan-custom-rest"
            label={t`Rest between sets (seconds)`}
            type="number"
            inputMode="numeric"
            min={10}
            max={600}
            value={custom.restSeconds}
            onChange={(event) => setCustom({ ...custom, restSeconds: event.target.value })}
          />
        </div>
      )}

      <Field
        id="plan-start-day"
        label={t`First day`}
        type="date"
        value={startDay}
        required
        onChange={(event) => setStartDay(event.target.value)}
        className="max-w-xs"
      />

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          <Trans>Training days</Trans>
        </legend>
        {definition.weekdaysChosen ? (
          <div className="flex flex-wrap gap-2">
            {WEEK.map((weekday) => {
              const on = weekdays.includes(weekday);
              return (
                <label
                  key={weekday}
                  className={cn(
                    'flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-xl border-2 px-3 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                    on
                      ? 'border-brand-600 bg-brand-50 text-brand-900'
                      : 'border-slate-200 bg-white text-slate-700',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() =>
                      setWeekdays(on ? weekdays.filter((day) => day !== weekday) : [...weekdays, weekday])
                    }
                    className="sr-only"
                  />
                  <span aria-hidden="true">{weekdayName(weekday, 'short')}</span>
                  <span className="sr-only">{weekdayName(weekday)}</span>
                </label>
              );
            })}
          </div>
        ) : (
          <p className="text-slate-700">
            <Trans>Every day</Trans>
          </p>
        )}
      </fieldset>

      <ShareWithGroups checked={shared} onChange={setShared} />

      <FormError message={start.isError ? failureMessage(t`Failed to start the plan`, start.error) : null} />
      <Button type="submit" size="lg" loading={start.isPending}>
        <Trans>Start plan</Trans>
      </Button>
    </form>
  );
}

function defaultWeekdays(planId: PlanId): Weekday[] {
  return [...(PLAN_CATALOGUE.find((plan) => plan.id === planId)?.defaultWeekdays ?? [1, 3, 5])];
}
