import { Trans, useLingui } from '@lingui/react/macro';
import { BAR_CHART_DAYS_NARROW, BAR_CHART_DAYS_WIDE, NARROW_SCREEN_PX } from '@pushup/shared';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';

const WINDOWS = [BAR_CHART_DAYS_NARROW, BAR_CHART_DAYS_WIDE] as const;

function defaultWindow(): number {
  const narrow =
    typeof window.matchMedia === 'function' &&
    window.matchMedia(`(max-width: ${NARROW_SCREEN_PX - 1}px)`).matches;
  return narrow ? BAR_CHART_DAYS_NARROW : BAR_CHART_DAYS_WIDE;
}

/** How many days a chart shows: 7 or 30, 7 by default on phones (under 768 px). */
export function useDaysWindow() {
  return useState(defaultWindow);
}

/** The chart's '7 Days' / '30 Days' switch. */
export function DaysWindowPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <fieldset className="inline-flex rounded-xl bg-slate-100 p-1">
      <legend className="sr-only">
        <Trans>Days shown</Trans>
      </legend>
      {WINDOWS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={days === option}
          onClick={() => onChange(option)}
          className={cn(
            // 44 px tall: a touch target on phones.
            'min-h-11 min-w-11 rounded-lg px-3 text-sm font-semibold transition-colors',
            days === option ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
          )}
        >
          <Trans>{option} Days</Trans>
        </button>
      ))}
    </fieldset>
  );
}

/** A day's name in a chart's table for screen readers: 'Today, Nov 27' for today. */
export function useTableDayName(today: string): (day: string) => string {
  const { t } = useLingui();
  return (day) => {
    const date = formatDay(day, 'axis');
    return day === today ? t`Today, ${date}` : date;
  };
}
