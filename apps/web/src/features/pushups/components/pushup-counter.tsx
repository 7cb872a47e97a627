import { Trans, useLingui } from '@lingui/react/macro';
import { PUSHUP_COUNT_MAX, PUSHUP_COUNT_MIN } from '@pushup/shared';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useHoldRepeat } from './hold-repeat';

export const clampCount = (value: number) =>
  Math.min(PUSHUP_COUNT_MAX, Math.max(PUSHUP_COUNT_MIN, Math.round(value)));

const stepButton =
  'flex size-14 shrink-0 items-center justify-center rounded-2xl border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100 disabled:opacity-40 touch-manipulation select-none';

/**
 * Minus / number / plus, 0..1000 in steps of 1; the buttons repeat and accelerate while held. They
 * stay enabled at the bounds (the value is clamped): a button disabled mid-hold gets no pointerup.
 */
export function PushupCounter({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  // What the user typed, so that clearing the field does not snap back to 0 mid-edit.
  const [typed, setTyped] = useState<string | null>(null);
  const change = (next: number) => {
    setTyped(null);
    onChange(clampCount(next));
  };
  // useHoldRepeat calls the step of the latest render, so a held button steps from the current value.
  const minus = useHoldRepeat(() => change(value - 1));
  const plus = useHoldRepeat(() => change(value + 1));

  return (
    <div className="flex items-center justify-center gap-3">
      <button
        type="button"
        aria-label={t`Decrease count`}
        className={stepButton}
        disabled={disabled}
        {...minus}
      >
        <Minus className="size-6" aria-hidden="true" />
      </button>
      <label className="sr-only" htmlFor="pushup-count">
        <Trans>Pushup count</Trans>
      </label>
      <input
        id="pushup-count"
        type="number"
        inputMode="numeric"
        min={PUSHUP_COUNT_MIN}
        max={PUSHUP_COUNT_MAX}
        step={1}
        disabled={disabled}
        value={typed ?? String(value)}
        onChange={(event) => {
          const raw = event.target.value;
          const parsed = Number(raw);
          if (raw === '' || Number.isNaN(parsed)) {
            setTyped(raw);
            onChange(0);
            return;
          }
          const clamped = clampCount(parsed);
          setTyped(clamped === parsed ? raw : null);
          onChange(clamped);
        }}
        onBlur={() => setTyped(null)}
        className="h-16 w-32 min-w-0 rounded-2xl border border-slate-300 bg-white text-center text-4xl font-extrabold tabular-nums text-slate-900 shadow-inner [appearance:textfield] focus:border-brand-600 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        aria-label={t`Increase count`}
        className={stepButton}
        disabled={disabled}
        {...plus}
      >
        <Plus className="size-6" aria-hidden="true" />
      </button>
    </div>
  );
}
