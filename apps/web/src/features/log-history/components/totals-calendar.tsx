import { useLingui } from '@lingui/react/macro';
import { addDays, EARLIEST_DAY, validateEntryDay } from '@pushup/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { firstDayOfWeek } from '@/components/calendar';
import { pushupsLabel } from '@/features/log-history/log-history-format';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { localizeMessage } from '@/lib/i18n/catalog';
import { currentLocale, dateTimeFormat, numberFormat } from '@/lib/i18n/format';

/**
 * Log History's month calendar: the shared calendar's rules (weeks from the language's first day,
 * no month before January 2025 or after this one, a blocked day explains itself with the spec's
 * message, arrow keys move between days, one tab stop) with each day's total written under its
 * number, so a month reads at a glance which days were busy. Each day is named with its total
 * for screen readers ('Tuesday, November 24, 2026: 42 pushups').
 */

const EARLIEST_MONTH = EARLIEST_DAY.slice(0, 7);

const monthOf = (day: string) => day.slice(0, 7);

function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

function weekdayNames(firstDay: number): string[] {
  const format = dateTimeFormat({ weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday. German writes 'Mo.': a column header needs no abbreviation dot.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((firstDay + i) % 7)))).replace(/\.$/, ''),
  );
}

function gridDays(month: string, firstDay: number): string[] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const start = addDays(first, -((weekday - firstDay + 7) % 7));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** A total as it fits a day's cell: '42', '1,500', '12K' (the full number is in the day's name). */
function cellTotal(total: number): string {
  if (total < 10_000) return numberFormat().format(total);
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(total);
}

const monthTitle = (month: string) => formatDay(`${month}-01`, 'month');

export function TotalsCalendar({
  value,
  onChange,
  today,
  totals,
}: {
  value: string;
  onChange: (day: string) => void;
  today: string;
  /** Each day's sum; days without one show none. */
  totals: ReadonlyMap<string, number>;
}) {
  const { t } = useLingui();
  const [month, setMonth] = useState(() => monthOf(value));
  const [direction, setDirection] = useState<'next' | 'prev' | null>(null);
  const [focusDay, setFocusDay] = useState(value);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [followedValue, setFollowedValue] = useState(value);
  const gridRef = useRef<HTMLFieldSetElement>(null);
  const messageId = useId();

  // A value changed from outside ('Back to today', a day of the recent entries) brings its month into view.
  if (value !== followedValue) {
    setFollowedValue(value);
    setFocusDay(value);
    if (monthOf(value) !== month) {
      setDirection(monthOf(value) > month ? 'next' : 'prev');
      setMonth(monthOf(value));
    }
  }

  const lastMonth = monthOf(today);

  function showMonth(next: string) {
    if (next === month) return;
    setDirection(next > month ? 'next' : 'prev');
    setMonth(next);
  }

  function choose(day: string) {
    const message = validateEntryDay(day, today);
    setRefusal(message && localizeMessage(message));
    setFocusDay(day);
    if (message) return;
    if (monthOf(day) !== month) showMonth(monthOf(day));
    onChange(day);
  }

  function onGridKeyDown(event: KeyboardEvent) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const day = addDays(focusDay, step);
    const target = monthOf(day);
    if (target < EARLIEST_MONTH || target > lastMonth) return;
    setFocusDay(day);
    showMonth(target);
    requestAnimationFrame(() => {
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus();
    });
  }

  const firstDay = firstDayOfWeek(currentLocale());
  const days = gridDays(month, firstDay);
  const dayNumber = numberFormat();
  const tabStop = monthOf(focusDay) === month ? focusDay : `${month}-01`;
  const navButton =
    'flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30';

  return (
    <div className="w-full select-none">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          onClick={() => showMonth(shiftMonth(month, -1))}
          disabled={month <= EARLIEST_MONTH}
          aria-label={t`Previous month`}
          className={navButton}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <p className="font-semibold text-slate-900" aria-live="polite">
          {monthTitle(month)}
        </p>
        <button
          type="button"
          onClick={() => showMonth(shiftMonth(month, 1))}
          disabled={month >= lastMonth}
          aria-label={t`Next month`}
          className={navButton}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="overflow-hidden">
        <fieldset
          key={month}
          ref={gridRef}
          aria-label={`${t`Choose a day`}, ${monthTitle(month)}`}
          aria-describedby={refusal ? messageId : undefined}
          onKeyDown={onGridKeyDown}
          className={cn(
            'm-0 grid min-w-0 grid-cols-7 gap-0.5 border-0 p-0 text-center sm:gap-1',
            direction === 'next' && 'calendar-slide-next',
            direction === 'prev' && 'calendar-slide-prev',
          )}
        >
          {weekdayNames(firstDay).map((weekday) => (
            <span key={weekday} aria-hidden="true" className="py-1 text-xs font-semibold text-slate-500">
              {weekday}
            </span>
          ))}
          {days.map((day) => {
            const inMonth = monthOf(day) === month;
            const blocked = validateEntryDay(day, today) !== null;
            const selected = day === value;
            const total = totals.get(day);
            const name = formatDay(day, 'full');
            return (
              <button
                key={day}
                type="button"
                data-day={day}
                tabIndex={day === tabStop ? 0 : -1}
                aria-label={total === undefined ? name : `${name}: ${pushupsLabel(total)}`}
                aria-pressed={selected}
                aria-disabled={blocked || undefined}
                aria-current={day === today ? 'date' : undefined}
                onClick={() => choose(day)}
                className={cn(
                  'flex h-13 min-w-0 flex-col items-center justify-center rounded-lg tabular-nums transition-colors',
                  selected
                    ? 'bg-brand-700 text-white'
                    : blocked
                      ? 'text-slate-400 line-through decoration-slate-300'
                      : total !== undefined && inMonth
                        ? 'bg-brand-50 text-slate-900 hover:bg-brand-100'
                        : inMonth
                          ? 'text-slate-800 hover:bg-slate-100'
                          : 'text-slate-500 hover:bg-slate-50',
                  day === today && !selected && 'ring-2 ring-brand-400 ring-inset',
                )}
              >
                <span className={cn('text-sm leading-5', (selected || day === today) && 'font-bold')}>
                  {dayNumber.format(Number(day.slice(8)))}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-4 max-w-full truncate px-0.5 text-[0.6875rem] leading-4 font-semibold',
                    selected ? 'text-white' : inMonth ? 'text-brand-800' : 'text-slate-500',
                  )}
                >
                  {total === undefined ? '' : cellTotal(total)}
                </span>
              </button>
            );
          })}
        </fieldset>
      </div>
      {refusal && (
        <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}
