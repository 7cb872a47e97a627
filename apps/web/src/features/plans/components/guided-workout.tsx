import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanSession, PlanSet } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { finishWorkout } from '@/features/plans/api/finish-workout';
import { sessionName } from '@/features/plans/plan-texts';
import { prepareRestAlarm } from '@/features/plans/rest-alarm';
import { endRest, finishSet, startWorkout, type WorkoutProgress } from '@/features/plans/workout-state';
import { useCurrentUser } from '@/lib/auth';
import { formatNumber } from '@/lib/i18n/format';
import { refreshPushupData } from '@/lib/pushup-queries';
import { useWakeLock } from '@/lib/use-wake-lock';
import { clampReps, RepCounter } from './rep-counter';
import { RestRing } from './rest-ring';
import { WorkoutSummary } from './workout-summary';

/**
 * A session done set by set: the set's counter and Done, the rest after it, and at the end the
 * summary, with the workout kept on the device and sent through the outbox. The screen stays on
 * until the summary.
 */
/** Another way to count a set, under its counter (the camera counter, given by src/app); `fill` puts its count in. */
export type CountingAid = (fill: (count: number) => void) => ReactNode;

export function GuidedWorkout({ session, countingAid }: { session: PlanSession; countingAid?: CountingAid }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [workout, setWorkout] = useState<WorkoutProgress>(() => startWorkout(session.index, session.sets));
  const [reps, setReps] = useState(0);
  // Said once when a rest runs out, not every second.
  const [announcement, setAnnouncement] = useState('');
  const { phase } = workout;
  useWakeLock(phase.kind !== 'summary');
  const token = () => user.getIdToken().catch(() => null);
  const save = useMutation({
    mutationFn: (sets: number[]) => finishWorkout(user.uid, token, { session: session.index, sets }),
    onSettled: () => void refreshPushupData(queryClient, user.uid),
  });
  const count = session.sets.length;
  const targetText = (set: PlanSet) => {
    const amount = formatNumber(set.reps);
    return set.atLeast ? t`As many as you can, at least ${amount}` : t`Target: ${amount}`;
  };
  const setLabel = (index: number) => {
    const n = formatNumber(index + 1);
    const m = formatNumber(count);
    return t`Set ${n} of ${m}`;
  };

  const done = () => {
    if (phase.kind !== 'set') return;
    prepareRestAlarm();
    const next = finishSet(workout, reps, Date.now());
    setWorkout(next);
    setReps(0);
    setAnnouncement('');
    if (next.phase.kind === 'summary') save.mutate(next.done);
  };

  return (
    <>
      <PageHeader title={t`Workout`} lead={sessionName(session)} />
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      {phase.kind === 'set' && (
        <section
          aria-labelledby="workout-set-title"
          className="flex flex-col items-center gap-5 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card"
        >
          <div className="text-center">
            <h2 id="workout-set-title" className="text-2xl font-extrabold text-slate-900">
              {setLabel(phase.index)}
            </h2>
            {session.sets[phase.index] && (
              <p className="mt-1 text-lg font-semibold text-brand-800">
                {targetText(session.sets[phase.index] as PlanSet)}
              </p>
            )}
          </div>
          <RepCounter value={reps} onChange={setReps} />
          {countingAid?.((counted) => setReps(clampReps(counted)))}
          <Button size="lg" className="w-full max-w-64 text-lg" onClick={done}>
            <Check className="size-5" aria-hidden="true" />
            {phase.index + 1 === count ? <Trans>Done, finish workout</Trans> : <Trans>Done, rest</Trans>}
          </Button>
        </section>
      )}
      {phase.kind === 'rest' && (
        <section
          aria-label={t`Rest`}
          className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card"
        >
          <RestRing
            rest={phase.rest}
            nextLabel={`${setLabel(phase.next)} · ${targetText(session.sets[phase.next] as PlanSet)}`}
            onChange={(rest) => setWorkout({ ...workout, phase: { ...phase, rest } })}
            onEnd={(skipped) => {
              const next = setLabel(phase.next);
              if (!skipped) setAnnouncement(t`Rest over. ${next}.`);
              setWorkout((current) => endRest(current));
            }}
          />
        </section>
      )}
      {phase.kind === 'summary' && <WorkoutSummary session={session} done={workout.done} save={save} />}
    </>
  );
}
