import { Trans, useLingui } from '@lingui/react/macro';
import { PUSHUP_COUNT_MAX } from '@pushup/shared';
import { Minus, Plus } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useHoldRepeat } from '@/lib/hold-repeat';
import { formatNumber } from '@/lib/i18n/format';

export const clampReps = (value: number) => Math.min(PUSHUP_COUNT_MAX, Math.max(0, Math.round(value)));

const stepButton =
  'flex size-14 shrink-0 items-center justify-center rounded-2xl border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100 touch-manipulation select-none';

/**
 * The counter of a set or a test (docs/product.md, "Training plans: screens"): a large target that
 * counts one push-up per tap (a nose touches it, or a hand), and minus and plus beside it that repeat
 * while held. With the keyboard, Space or Enter on the target counts one, and the arrow keys step.
 */
export function RepCounter({
  value,
  onChange,
  children,
}: {
  value: number;
  onChange: (value: number) => void;
  /** What the target says under the number ('Target 12'). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const change = (next: number) => onChange(clampReps(next));
  const minus = useHoldRepeat(() => change(value - 1));
  const plus = useHoldRepeat(() => change(value + 1));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowRight') change(value + 1);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') change(value - 1);
    else return;
    event.preventDefault();
  };
  const count = formatNumber(value);
  return (
    <div className="flex flex-col items-center gap-4">
      <button
        type="button"
        onClick={() => change(value + 1)}
        onKeyDown={onKeyDown}
        aria-describedby="rep-count"
        className={cn(
          'flex size-60 shrink-0 touch-manipulation flex-col items-center justify-center rounded-full px-6 text-center select-none',
          'border-4 border-brand-600 bg-brand-50 text-brand-900 shadow-card transition-transform active:scale-[0.98]',
          'focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-brand-700',
        )}
      >
        <span className="sr-only">
          <Trans>Count a pushup</Trans>
        </span>
        <span aria-hidden="true" className="text-7xl font-extrabold tabular-nums">
          {count}
        </span>
        <span aria-hidden="true" className="mt-1 text-sm font-semibold text-brand-800">
          <Trans>Tap for each pushup</Trans>
        </span>
      </button>
      <output id="rep-count" aria-live="polite" className="sr-only">
        {t`${count} done`}
      </output>
      <div className="flex items-center gap-4">
        <button type="button" aria-label={t`One less`} className={stepButton} {...minus}>
          <Minus className="size-6" aria-hidden="true" />
        </button>
        {children && (
          <div className="min-w-24 text-center text-base font-semibold text-slate-700">{children}</div>
        )}
        <button type="button" aria-label={t`One more`} className={stepButton} {...plus}>
          <Plus className="size-6" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
