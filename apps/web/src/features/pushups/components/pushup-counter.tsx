import { Trans, useLingui } from '@lingui/react/macro';
import { PUSHUP_COUNT_MAX, PUSHUP_COUNT_MIN } from '@pushup/shared';
import { Minus, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useHoldRepeat } from '@/lib/hold-repeat';
import { formatNumber } from '@/lib/i18n/format';

const clampCount = (value: number) =>
  Math.min(PUSHUP_COUNT_MAX, Math.max(PUSHUP_COUNT_MIN, Math.round(value)));

const stepButton =
  'flex size-14 shrink-0 items-center justify-center rounded-2xl border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100 disabled:opacity-40 touch-manipulation select-none';

/** The quick-add buttons under the counter: a typical set in one tap. */
const QUICK_ADDS = [10, 25, 50] as const;

/**
 * Minus / number / plus, 0..1000 in steps of 1; the buttons repeat and accelerate while held. They
 * stay enabled at the bounds (the value is clamped): a button disabled mid-hold gets no pointerup.
 * A value cut to 1,000 (typed, stepped or added) says so under the counter.
 */
export function PushupCounter({
  value,
  onChange,
  disabled,
  besideQuickAdds,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Another way to count, at the end of the quick-add row (it keeps Submit on a phone's first screen). */
  besideQuickAdds?: ReactNode;
}) {
  const { t } = useLingui();
  // What the user typed, so that clearing the field does not snap back to 0 mid-edit.
  const [typed, setTyped] = useState<string | null>(null);
  // Whether the last change was cut to the maximum: said until the value changes again.
  const [capped, setCapped] = useState(false);
  const most = formatNumber(PUSHUP_COUNT_MAX);
  const change = (next: number) => {
    setTyped(null);
    setCapped(next > PUSHUP_COUNT_MAX);
    onChange(clampCount(next));
  };
  // useHoldRepeat calls the step of the latest render, so a held button steps from the current value.
  const minus = useHoldRepeat(() => change(value - 1));
  const plus = useHoldRepeat(() => change(value + 1));

  return (
    <div className="flex flex-col items-center gap-3">
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
              setCapped(false);
              onChange(0);
              return;
            }
            const clamped = clampCount(parsed);
            setCapped(parsed > PUSHUP_COUNT_MAX);
            setTyped(clamped === parsed ? raw : null);
            onChange(clamped);
          }}
          onBlur={() => setTyped(null)}
          aria-describedby="pushup-count-note"
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
      <div className="flex gap-2">
        {QUICK_ADDS.map((added) => (
          <button
            key={added}
            type="button"
            aria-label={t`Add ${added}`}
            disabled={disabled}
            onClick={() => change(value + added)}
            className="min-h-11 min-w-14 rounded-xl border border-slate-300 bg-white px-3 text-sm font-bold text-slate-800 tabular-nums shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100 disabled:opacity-40"
          >
            +{added}
          </button>
        ))}
        {besideQuickAdds}
      </div>
      <p
        id="pushup-count-note"
        aria-live="polite"
        className="text-center text-sm font-semibold text-amber-800 empty:-mt-3"
      >
        {capped && value === PUSHUP_COUNT_MAX && <Trans>{most} is the most per entry.</Trans>}
      </p>
    </div>
  );
}
