import { Trans, useLingui } from '@lingui/react/macro';
import { stepRangeText } from '@/features/year-heatmap/heatmap-texts';
import type { Step } from '@/features/year-heatmap/steps';
import { cn } from '@/lib/cn';
import { STEP_CLASSES } from './step-colours';

/** The steps' colours with the day totals each holds (from the user's own days), and today's mark. */
export function HeatmapLegend({ steps }: { steps: readonly Step[] }) {
  const { t } = useLingui();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-slate-600">
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1.5" aria-label={t`Legend: pushups a day`}>
        {steps.map((step) => (
          <li key={step.step} className="flex items-center gap-1">
            <span className={cn('size-3 rounded-[3px]', STEP_CLASSES[step.step])} aria-hidden="true" />
            <span className="tabular-nums">{stepRangeText(step)}</span>
          </li>
        ))}
      </ul>
      <span className="flex items-center gap-1.5">
        <span
          className="size-3 rounded-[3px] ring-2 ring-slate-900 ring-offset-1 ring-offset-white"
          aria-hidden="true"
        />
        <Trans>Today</Trans>
      </span>
    </div>
  );
}
