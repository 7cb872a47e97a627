import { Trans, useLingui } from '@lingui/react/macro';
import { PLAN_CATALOGUE, type PlanLevel, type PlanState } from '@pushup/shared';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { usePlanAction } from '@/features/plans/api/plan';
import { levelName } from '@/features/plans/plan-texts';
import { failureMessage } from '@/lib/api-client';
import { ShareWithGroups } from './share-with-groups';

type Plan = NonNullable<PlanState['plan']>;

/** Pause or resume, change the level, share with the groups, and abandon (after asking). */
export function PlanManageCard({ plan }: { plan: Plan }) {
  const { t } = useLingui();
  const act = usePlanAction();
  const [confirming, setConfirming] = useState(false);
  const { status, level } = plan.progress;
  const levels: readonly PlanLevel[] = PLAN_CATALOGUE.find(
    (definition) => definition.id === plan.settings.planId,
  )?.levels ?? [1];
  const failed = (error: Error) => toast.error(failureMessage(t`Failed to change the plan`, error));
  const running = status === 'active' || status === 'paused';
  return (
    <SectionCard id="plan-manage" title={t`Manage your plan`} icon={<Settings2 className="size-5" />}>
      <div className="space-y-5">
        {running && (
          <div className="flex flex-wrap items-center gap-3">
            {status === 'active' ? (
              <Button
                variant="secondary"
                size="lg"
                loading={act.isPending}
                onClick={() => act.mutate({ action: 'pause' }, { onError: failed })}
              >
                <Trans>Pause plan</Trans>
              </Button>
            ) : (
              <Button
                size="lg"
                loading={act.isPending}
                onClick={() => act.mutate({ action: 'resume' }, { onError: failed })}
              >
                <Trans>Resume plan</Trans>
              </Button>
            )}
            <p className="text-sm text-slate-600">
              <Trans>Paused days are neither missed nor planned.</Trans>
            </p>
          </div>
        )}
        {running && levels.length > 1 && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800">
              <Trans>Level</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {levels.map((option) => (
                <Button
                  key={option}
                  variant={option === level ? 'primary' : 'secondary'}
                  size="lg"
                  aria-pressed={option === level}
                  disabled={act.isPending}
                  onClick={() =>
                    option !== level && act.mutate({ action: 'level', level: option }, { onError: failed })
                  }
                >
                  {levelName(option)}
                </Button>
              ))}
            </div>
          </fieldset>
        )}
        <ShareWithGroups
          checked={plan.shared}
          disabled={act.isPending}
          onChange={(shared) => act.mutate({ action: 'share', shared }, { onError: failed })}
        />
        {running && (
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-red-800 hover:bg-red-50 active:bg-red-100"
            onClick={() => setConfirming(true)}
          >
            <Trans>Abandon plan</Trans>
          </button>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !act.isPending && setConfirming(open)}
        dismissible={!act.isPending}
        title={t`Abandon this plan?`}
        description={t`Your workouts stay in your log. The plan ends here; you can start a new one any time.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={act.isPending}>
            <Trans>Keep the plan</Trans>
          </Button>
          <Button
            variant="danger"
            loading={act.isPending}
            onClick={() =>
              act.mutate({ action: 'abandon' }, { onSuccess: () => setConfirming(false), onError: failed })
            }
          >
            <Trans>Abandon plan</Trans>
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}
